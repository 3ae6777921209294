import type { UploadService } from '@shortlist/domain/contract';
import { lazy, Suspense, useState } from 'react';

// The upload form and what it needs (the order contract's schemas, the query library) load
// when a dialog first opens, not with the page that offers it: Home and Pricing draw without
// them (scripts/vite-first-load.ts keeps it so).
const ServiceOrderDialog = lazy(async () => ({
  default: (await import('./service-order-dialog')).ServiceOrderDialog,
}));

/**
 * The upload dialog of `service` (null: closed), loaded on its first opening and mounted from
 * then on, so closing keeps the dialog's own close behaviour.
 */
export function LazyServiceOrderDialog({
  service,
  onClose,
}: {
  service: UploadService | null;
  onClose: () => void;
}) {
  const [opened, setOpened] = useState(false);
  if (service !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ServiceOrderDialog service={service} onClose={onClose} />
    </Suspense>
  );
}
