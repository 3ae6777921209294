import type { ReactNode } from 'react';

/** One entry of the side navigation. */
export interface StaffNavItem {
  /** A path inside the app's router (relative to its basename). */
  to: string;
  label: string;
  /** A decorative icon (aria-hidden is the icon's own job). */
  icon?: ReactNode;
  /** Only the exact path marks it current (the dashboard at the root). */
  end?: boolean;
  /** A count of what waits there (orders beyond 48 h, open queries); hidden when 0 or absent. */
  count?: number;
  /** Spoken after the count, e.g. "waiting". */
  countLabel?: string;
}

/** The signed-in person the top bar names. */
export interface StaffUser {
  name: string;
  email?: string;
}

export interface Crumb {
  label: string;
  /** Leave out for the current page. */
  to?: string;
}
