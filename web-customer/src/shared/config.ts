/**
 * Build-time switches. The maintenance flag exists but is off (SPEC §2); a build made with
 * VITE_MAINTENANCE=true shows the maintenance screen everywhere except the influencer kit.
 */
export const MAINTENANCE_MODE = import.meta.env.VITE_MAINTENANCE === 'true';
