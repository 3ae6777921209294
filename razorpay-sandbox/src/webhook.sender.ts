/**
 * Delivers the sandbox's webhooks the way Razorpay does: POST, JSON body, retried with growing
 * pauses until the receiver answers 2xx. Razorpay keeps trying for 24 hours; a local sandbox
 * gives up sooner, since a receiver that is down for a minute here is a bug to see, not wait out.
 * Deliveries are in memory: a process that stops drops the ones still retrying, as the sandbox
 * is a stand-in for development and tests, not a ledger.
 */

interface WebhookDelivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface WebhookSenderOptions {
  attempts?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  logger?: { warn(object: object, message: string): void };
}

export interface WebhookSender {
  /** Starts delivering in the background and returns at once, like Razorpay's own sender. */
  send(delivery: WebhookDelivery): void;
  /** Resolves when every delivery started so far has succeeded or given up. */
  idle(): Promise<void>;
  /** Stops retrying and waits for the requests in flight. */
  close(): Promise<void>;
}

export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const attempts = options.attempts ?? 6;
  const firstDelayMs = options.firstDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 5000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const onAbort = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        abort.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      abort.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  async function deliver(delivery: WebhookDelivery): Promise<void> {
    for (let attempt = 1; attempt <= attempts && !abort.signal.aborted; attempt += 1) {
      try {
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...delivery.headers },
          body: delivery.body,
          signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
        });
        await response.arrayBuffer();
        if (response.ok) return;
        options.logger?.warn(
          { url: delivery.url, status: response.status, attempt },
          'Sandbox webhook refused',
        );
      } catch (error) {
        if (abort.signal.aborted) return;
        options.logger?.warn({ url: delivery.url, err: error, attempt }, 'Sandbox webhook failed');
      }
      await pause(Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1)));
    }
  }

  return {
    send(delivery) {
      if (abort.signal.aborted) return;
      const running: Promise<void> = deliver(delivery).finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      abort.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
