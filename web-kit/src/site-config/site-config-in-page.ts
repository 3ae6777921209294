import type { SiteConfig } from '@shortlist/domain/contract';

/**
 * What the server wrote into the page (`<meta name="shortlist-site">`, api/src/web): known
 * before the first render, so nothing moves when it is shown. Absent under Vite's dev server.
 * Checked by hand rather than with the contract's schema: the apps' shells read it at first
 * paint and load no schema; two booleans are all it holds.
 */
export function siteConfigInPage(): SiteConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector('meta[name="shortlist-site"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { maintenance, paymentsSimulated } = parsed as Record<string, unknown>;
    return typeof maintenance === 'boolean' && typeof paymentsSimulated === 'boolean'
      ? { maintenance, paymentsSimulated }
      : undefined;
  } catch {
    return undefined;
  }
}
