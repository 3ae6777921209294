import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributionEmail } from './attribution-email';

describe('attribution e-mail', () => {
  it('folds case, +tags, and Gmail dots and googlemail.com into one person', () => {
    expect(attributionEmail(' Ravi.K+promo@GoogleMail.com ')).toBe('ravik@gmail.com');
    expect(attributionEmail('r.a.v.i.k@gmail.com')).toBe('ravik@gmail.com');
    expect(attributionEmail('Meena+7@Example.com')).toBe('meena@example.com');
  });

  it('keeps dots elsewhere: other providers treat them as part of the address', () => {
    expect(attributionEmail('meena.s@example.com')).toBe('meena.s@example.com');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const once = attributionEmail(email);
        expect(attributionEmail(once)).toBe(once);
      }),
    );
  });
});
