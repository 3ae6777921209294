import { Button, Dialog } from '@shortlist/web-kit';
import { useNavigate } from 'react-router-dom';
import { flowMessages } from '../../shared/flow-messages';
import { paths } from '../../shared/paths';

const copy = flowMessages.checkout;

/** SPEC §4 step 5: 'Order placed', leading to /orders. */
export function OrderPlacedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={copy.placed}
      footer={<Button onClick={() => navigate(paths.orders)}>{copy.goToOrders}</Button>}
    >
      <p>{copy.placedText}</p>
    </Dialog>
  );
}
