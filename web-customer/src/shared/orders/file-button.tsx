import { Button, downloadTokenFile, useToast } from '@shortlist/web-kit';
import { useState } from 'react';
import { flowMessages } from '../flow-messages';

/**
 * Downloads one order file with the session's token (a plain link would be refused);
 * `onOpen` hears of each download (a delivery opened).
 */
export function FileButton({
  url,
  name,
  onOpen,
}: {
  url: string;
  name: string;
  onOpen?: () => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    onOpen?.();
    try {
      await downloadTokenFile(url, name);
    } catch {
      toast.show(flowMessages.orders.downloadFailed, { tone: 'danger' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={download}
      disabled={busy}
      aria-label={flowMessages.orders.download(name)}
      title={name}
    >
      {name}
    </Button>
  );
}
