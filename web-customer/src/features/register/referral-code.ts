/** Where a referral code seen once is kept, so it survives the visitor browsing around first. */
const REFERRAL_STORAGE_KEY = 'ref';

// Codes are short tokens; anything else is not worth sending.
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

function cookieValue(name: string): string | null {
  try {
    for (const part of document.cookie.split(';')) {
      const [key, ...rest] = part.trim().split('=');
      if (key === name) return decodeURIComponent(rest.join('='));
    }
  } catch {
    // A malformed cookie is as good as none.
  }
  return null;
}

/** The campaign tag of the referral link, kept beside the code the same ways. */
export const CAMPAIGN_STORAGE_KEY = 'ref_campaign';
const CAMPAIGN = /^[a-z0-9_-]{1,40}$/;

function stored(key = REFERRAL_STORAGE_KEY): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(code: string, key = REFERRAL_STORAGE_KEY): void {
  try {
    window.localStorage.setItem(key, code);
  } catch {
    // Storage off: the code still goes with this registration.
  }
}

/**
 * SPEC §5: the referral code comes from the `ref` query parameter, a `ref` cookie or stored
 * local data, in that order. A code seen in the address or the cookie is stored for later.
 */
export function resolveReferralCode(search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('ref')?.trim() ?? '';
  const fromCookie = cookieValue('ref')?.trim() ?? '';
  for (const candidate of [fromQuery, fromCookie]) {
    if (CODE.test(candidate)) {
      store(candidate);
      return candidate;
    }
  }
  const kept = stored()?.trim() ?? '';
  return CODE.test(kept) ? kept : null;
}

/**
 * The campaign tag that came with the code (the short link's `?c=`, carried to /register as
 * `campaign` and in a `ref_campaign` cookie), read and kept like the code.
 */
export function resolveReferralCampaign(search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('campaign')?.trim().toLowerCase() ?? '';
  const fromCookie = cookieValue(CAMPAIGN_STORAGE_KEY)?.trim().toLowerCase() ?? '';
  for (const candidate of [fromQuery, fromCookie]) {
    if (CAMPAIGN.test(candidate)) {
      store(candidate, CAMPAIGN_STORAGE_KEY);
      return candidate;
    }
  }
  const kept = stored(CAMPAIGN_STORAGE_KEY)?.trim() ?? '';
  return CAMPAIGN.test(kept) ? kept : null;
}
