import { useSearchParams } from 'react-router-dom';
import { flowMessages } from '../../shared/flow-messages';
import { CheckoutDetail } from './checkout-detail';
import { PendingOrders } from './pending-orders';

/** SPEC §2 Checkout: the unpaid orders, or one order's detail when the address names it. */
export function CheckoutScreen() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId')?.trim() ?? '';
  return (
    <>
      <title>{flowMessages.checkout.title}</title>
      {orderId ? <CheckoutDetail key={orderId} orderId={orderId} /> : <PendingOrders />}
    </>
  );
}
