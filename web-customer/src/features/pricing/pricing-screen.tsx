import {
  type Currency,
  PURCHASABLE_SERVICE_IDS,
  type PurchasableServiceId,
  parseCurrency,
  toCurrencyCode,
} from '@shortlist/domain';
import { isUploadService, type UploadService } from '@shortlist/domain/contract';
import { saveCurrency, useCurrency, useSession } from '@shortlist/web-kit';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CurrencyToggle } from '../../shared/currency-toggle/currency-toggle';
import { flowMessages } from '../../shared/flow-messages';
import { loginPath, paths } from '../../shared/paths';
import { LazyServiceOrderDialog } from '../../shared/service-order/lazy-service-order-dialog';
import { PlanCard } from './plan-card';
import styles from './pricing.module.css';
import { SaleBanner } from './sale-banner';

const copy = flowMessages.pricing;

/** SPEC §2 Pricing: three plans, INR/USD, the sale countdown, and the upload dialogs. */
export function PricingScreen() {
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [currency] = useCurrency();
  const [openService, setOpenService] = useState<UploadService | null>(null);

  // ?currency= wins over the stored choice on arrival and is then stored (SPEC §9).
  const requestedCurrency = parseCurrency(searchParams.get('currency'));
  useEffect(() => {
    if (requestedCurrency !== null) saveCurrency(requestedCurrency);
  }, [requestedCurrency]);
  const shownCurrency = requestedCurrency ?? currency;

  // ?open=resume_rewrite|resume_review opens its dialog once, then leaves the address.
  const requestedOpen = searchParams.get('open');
  useEffect(() => {
    if (!signedIn || !isUploadService(requestedOpen)) return;
    setOpenService(requestedOpen);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [signedIn, requestedOpen, setSearchParams]);

  const chooseCurrency = (next: Currency) => {
    saveCurrency(next);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('currency', toCurrencyCode(next));
        return params;
      },
      { replace: true },
    );
  };

  const choose = (service: PurchasableServiceId) => {
    const code = toCurrencyCode(shownCurrency);
    if (!signedIn) {
      // SPEC §6: back to this page, with the plan and the currency, after logging in.
      const open = isUploadService(service) ? `open=${service}&` : '';
      navigate(loginPath(`${paths.pricing}?${open}currency=${code}`));
      return;
    }
    if (isUploadService(service)) setOpenService(service);
    else navigate(`${paths.createResume}?currency=${code}`);
  };

  return (
    <div className={styles.page}>
      <title>{copy.title}</title>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{copy.eyebrow}</p>
        <h1 className={styles.heading}>{copy.heading}</h1>
        <p className={styles.lead}>{copy.lead}</p>
        <CurrencyToggle label={copy.currency} value={shownCurrency} onChange={chooseCurrency} />
      </header>
      <SaleBanner />
      <div className={styles.plans}>
        {PURCHASABLE_SERVICE_IDS.map((service) => (
          <PlanCard key={service} service={service} currency={shownCurrency} onChoose={choose} />
        ))}
      </div>
      <p className={styles.note}>{copy.refundNote}</p>
      <LazyServiceOrderDialog service={openService} onClose={() => setOpenService(null)} />
    </div>
  );
}
