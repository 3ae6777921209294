import {
  type Currency,
  formatPrice,
  toCurrencyCode,
  UNPAID_ORDER_EXPIRY_DAYS,
  unpaidOrderExpiresAt,
} from '@shortlist/domain';
import type { OrderView } from '@shortlist/domain/contract';
import { changeOrderCurrencyRoute, getOrderRoute } from '@shortlist/domain/contract';
import {
  ApiError,
  Button,
  EmptyState,
  ErrorState,
  errorMessage,
  LinkButton,
  Skeleton,
  saveCurrency,
  useApiCache,
  useApiMutation,
  useApiQuery,
  useToast,
} from '@shortlist/web-kit';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CurrencyToggle } from '../../shared/currency-toggle/currency-toggle';
import { flowMessages } from '../../shared/flow-messages';
import { FileButton } from '../../shared/orders/file-button';
import { currencyOf, formatOrderTime, isPaid, receiptUrlOf } from '../../shared/orders/order-facts';
import { OrderTimeline, PaymentChip, StageChip } from '../../shared/orders/order-timeline';
import { ReceiptDialog } from '../../shared/orders/receipt-dialog';
import { paths } from '../../shared/paths';
import screen from '../../shared/screen.module.css';
import styles from './checkout.module.css';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { OrderPlacedDialog } from './order-placed-dialog';
import { useDeleteOrder } from './use-delete-order';
import { usePayNow } from './use-pay-now';

const copy = flowMessages.checkout;

/** Checkout with ?orderId=: the order, its price and currency, Pay Now, Delete, Receipt. */
export function CheckoutDetail({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const toast = useToast();
  const input = { params: { id: orderId } };
  const order = useApiQuery(getOrderRoute, input);
  const cache = useApiCache();
  const showOrder = (shown: OrderView) => cache.set(getOrderRoute, input, { order: shown });
  const currencyChange = useApiMutation(changeOrderCurrencyRoute);
  const [placed, setPlaced] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [receiptOpen, setReceiptOpen] = useState(false);
  // The payment wrote its last read of the order into the cache (use-pay-now.ts).
  const payment = usePayNow((_id, paid) => {
    if (!paid) void order.refetch();
    setPlaced(true);
  });
  const removal = useDeleteOrder(() => navigate(paths.checkout, { replace: true }));

  const switchCurrency = async (current: OrderView, currency: Currency) => {
    setSwitching(true);
    try {
      const changed = await currencyChange.mutateAsync({
        params: { id: current.id },
        body: { currency: toCurrencyCode(currency) },
      });
      showOrder(changed.order);
      saveCurrency(currency);
      // SPEC §2: the currency toggle uses the currency query parameter.
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set('currency', toCurrencyCode(currency));
          return next;
        },
        { replace: true },
      );
      toast.show(copy.currencyUpdated(currency), { tone: 'success' });
    } catch (error) {
      toast.show(errorMessage(error, copy.currencyFailed), { tone: 'danger' });
    } finally {
      setSwitching(false);
    }
  };

  const header = (
    <header className={screen.header}>
      <h1 className={screen.heading}>{copy.heading}</h1>
      <p className={styles.lead}>{copy.detailLead}</p>
    </header>
  );

  if (order.isPending) {
    return (
      <div className={screen.page}>
        {header}
        <div className={styles.detail} role="status" aria-label={copy.loading}>
          <Skeleton lines={6} height="1.5rem" />
          <Skeleton height="10rem" />
        </div>
      </div>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div className={screen.page}>
        {header}
        {missing ? (
          <EmptyState
            title={copy.noOrder}
            action={
              <LinkButton to={paths.checkout} variant="primary">
                {copy.allPending}
              </LinkButton>
            }
          />
        ) : (
          <ErrorState message={copy.loadFailed} onRetry={() => void order.refetch()} />
        )}
      </div>
    );
  }

  const current = order.data.order;
  const paid = isPaid(current);
  const currency = currencyOf(current);
  const payable = !paid && current.amount > 0 && currency !== null;
  const receipt = receiptUrlOf(current);
  const busy = payment.payingId !== null;

  return (
    <div className={screen.page}>
      {header}
      {payment.error ? (
        <p className={styles.error} role="alert">
          {payment.error}
        </p>
      ) : null}
      <div className={styles.detail}>
        <section className={styles.card} aria-labelledby="order-heading">
          <h2 id="order-heading" className={styles.orderTitle}>
            {current.planName}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{copy.orderId}</dt>
              <dd className={styles.mono}>{current.id}</dd>
            </div>
            <div>
              <dt>{copy.created}</dt>
              <dd>{formatOrderTime(current.createdAt)}</dd>
            </div>
            <div>
              <dt>{copy.status}</dt>
              <dd>
                <StageChip order={current} />
              </dd>
            </div>
            <div>
              <dt>{copy.payment}</dt>
              <dd>
                <PaymentChip order={current} />
              </dd>
            </div>
            {current.description ? (
              <div className={styles.wide}>
                <dt>{copy.notes}</dt>
                <dd className={styles.notes}>{current.description}</dd>
              </div>
            ) : null}
            {current.customerUploads.length > 0 ? (
              <div className={styles.wide}>
                <dt>{copy.uploads}</dt>
                <dd>
                  <ul className={styles.files}>
                    {current.customerUploads.map((upload) => (
                      <li key={upload.url}>
                        <FileButton url={upload.url} name={upload.name} />
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>
          <section className={styles.progress} aria-labelledby="progress-heading">
            <h3 id="progress-heading" className={styles.progressTitle}>
              {flowMessages.orderProgress.heading}
            </h3>
            <OrderTimeline order={current} />
          </section>
        </section>
        <section className={styles.summary} aria-labelledby="payment-heading">
          <h2 id="payment-heading" className={styles.summaryTitle}>
            {copy.amount}
          </h2>
          <p className={styles.total} aria-live="polite">
            {currency ? formatPrice(current.amount, currency) : current.amount}
          </p>
          {payable ? (
            <div className={styles.currencyRow}>
              <span>{copy.currency}</span>
              <CurrencyToggle
                label={copy.currency}
                value={currency}
                disabled={switching || busy}
                onChange={(next) => {
                  void switchCurrency(current, next);
                }}
              />
            </div>
          ) : null}
          {payable ? (
            <Button
              className={styles.payButton}
              onClick={() => payment.pay(current.id)}
              disabled={busy || switching}
              loading={payment.payingId === current.id}
              loadingLabel={copy.paying}
            >
              {copy.payNow}
            </Button>
          ) : paid ? null : (
            <p className={styles.noPayment}>{copy.noPayment}</p>
          )}
          {receipt ? (
            <Button variant="secondary" onClick={() => setReceiptOpen(true)}>
              {copy.viewReceipt}
            </Button>
          ) : null}
          {!paid ? (
            <Button variant="danger-quiet" onClick={() => removal.ask(current.id)} disabled={busy}>
              {copy.deleteOrder}
            </Button>
          ) : null}
          <LinkButton to={paths.orders} variant="ghost">
            {copy.backToOrders}
          </LinkButton>
          {payable ? <p className={styles.muted}>{copy.secure}</p> : null}
          {payable ? (
            <p className={styles.muted}>
              {copy.expiryNote(UNPAID_ORDER_EXPIRY_DAYS)}{' '}
              {copy.payBefore(
                formatOrderTime(unpaidOrderExpiresAt(current.createdAt).toISOString()),
              )}
            </p>
          ) : null}
        </section>
      </div>
      <ConfirmDeleteDialog
        open={removal.open}
        busy={removal.busy}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      />
      <ReceiptDialog
        url={receiptOpen ? receipt : null}
        orderId={current.id}
        onClose={() => setReceiptOpen(false)}
      />
      <OrderPlacedDialog open={placed} onClose={() => setPlaced(false)} />
    </div>
  );
}
