import { z } from 'zod';

/** Every service the product shows (SPEC §1, §2 Home and Pricing). */
export const SERVICE_IDS = [
  'resume_from_scratch',
  'resume_rewrite',
  'resume_review',
  'linkedin_opt',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

/** linkedin_opt is shown as coming soon and cannot be ordered (SPEC §5, ARCHITECTURE). */
export const PURCHASABLE_SERVICE_IDS = [
  'resume_from_scratch',
  'resume_rewrite',
  'resume_review',
] as const satisfies readonly ServiceId[];
export type PurchasableServiceId = (typeof PURCHASABLE_SERVICE_IDS)[number];

export interface ServiceInfo {
  id: ServiceId;
  /** The plan name as SPEC §9 words it. */
  title: string;
  badge: 'Popular' | null;
  comingSoon: boolean;
}

export const SERVICE_CATALOGUE: readonly ServiceInfo[] = [
  { id: 'resume_from_scratch', title: 'From scratch', badge: null, comingSoon: false },
  { id: 'resume_rewrite', title: 'Rewrite', badge: 'Popular', comingSoon: false },
  { id: 'resume_review', title: 'Review', badge: null, comingSoon: false },
  { id: 'linkedin_opt', title: 'LinkedIn optimisation', badge: null, comingSoon: true },
];

export function isServiceId(value: unknown): value is ServiceId {
  return typeof value === 'string' && (SERVICE_IDS as readonly string[]).includes(value);
}

export function isPurchasableService(value: unknown): value is PurchasableServiceId {
  return (
    typeof value === 'string' && (PURCHASABLE_SERVICE_IDS as readonly string[]).includes(value)
  );
}

export function serviceInfo(id: ServiceId): ServiceInfo {
  const info = SERVICE_CATALOGUE.find((service) => service.id === id);
  // Unreachable while SERVICE_CATALOGUE lists every ServiceId (a unit spec checks it).
  if (info === undefined) throw new Error(`No catalogue entry for service ${id}`);
  return info;
}

/**
 * zod schema for an order request's `service`: a coming-soon service gets its own message so
 * the API can answer it plainly instead of "invalid value".
 */
export const purchasableServiceSchema = z.string().transform((value, ctx): PurchasableServiceId => {
  if (isPurchasableService(value)) return value;
  ctx.addIssue({
    code: 'custom',
    message: isServiceId(value) ? `${value} is coming soon` : `Unknown service: ${value}`,
  });
  return z.NEVER;
});
