import { describe, expect, it } from 'vitest';
import { PRICE_TABLE } from './price-table';
import {
  isPurchasableService,
  PURCHASABLE_SERVICE_IDS,
  purchasableServiceSchema,
  SERVICE_CATALOGUE,
  SERVICE_IDS,
  serviceInfo,
} from './service-catalogue';

describe('service catalogue', () => {
  it('lists every service once, in display order', () => {
    expect(SERVICE_CATALOGUE.map((service) => service.id)).toEqual([...SERVICE_IDS]);
  });

  it('marks rewrite Popular and LinkedIn optimisation coming soon', () => {
    expect(serviceInfo('resume_rewrite').badge).toBe('Popular');
    expect(SERVICE_CATALOGUE.filter((s) => s.badge !== null).map((s) => s.id)).toEqual([
      'resume_rewrite',
    ]);
    expect(serviceInfo('linkedin_opt').comingSoon).toBe(true);
    expect(serviceInfo('resume_from_scratch').title).toBe('From scratch');
  });

  it('lets exactly the services that are not coming soon be bought, each priced', () => {
    const buyable = SERVICE_CATALOGUE.filter((s) => !s.comingSoon).map((s) => s.id);
    expect(buyable).toEqual([...PURCHASABLE_SERVICE_IDS]);
    for (const id of SERVICE_IDS) {
      expect(isPurchasableService(id)).toBe(buyable.includes(id));
      expect(id in PRICE_TABLE).toBe(buyable.includes(id));
    }
  });

  it('refuses the coming-soon service with its own message', () => {
    expect(purchasableServiceSchema.parse('resume_review')).toBe('resume_review');
    expect(purchasableServiceSchema.safeParse('linkedin_opt').error?.issues[0]?.message).toBe(
      'linkedin_opt is coming soon',
    );
    expect(purchasableServiceSchema.safeParse('tarot').error?.issues[0]?.message).toBe(
      'Unknown service: tarot',
    );
  });
});
