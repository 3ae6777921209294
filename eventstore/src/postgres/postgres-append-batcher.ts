export interface AppendBatcherOptions<Request, Answer> {
  /**
   * Sends several requests in one statement (one transaction): one outcome each, in order (a
   * request the batch refuses is rejected on its own, the others still succeed).
   */
  runBatch(requests: Request[]): Promise<PromiseSettledResult<Answer>[]>;
  /** Sends one request on its own: the path of a lone request and of a failed batch's members. */
  runOne(request: Request): Promise<Answer>;
  /** Batches (or lone requests) in flight at once. */
  maxInFlight: number;
  /** Most events (weight) in one batch; a heavier single request still goes, alone. */
  maxWeight: number;
  weight(request: Request): number;
}

export interface AppendBatcher<Request, Answer> {
  send(request: Request): Promise<Answer>;
}

interface Queued<Request, Answer> {
  request: Request;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

/**
 * Group commit for appends. A transaction's commit (its WAL flush and round trip) costs far more
 * than the rows it writes, so appends that arrive while `maxInFlight` others are being written
 * wait and then go together, as one statement in one transaction. A lone append goes at once
 * and alone, so a quiet store answers as fast as before; under load, more appends share each
 * commit instead of each queueing for a connection of its own.
 *
 * Each request keeps its own answer (the batch statement checks and answers every append on its
 * own). If the batch statement itself fails, nothing of it was stored, and every member is sent
 * again alone, so each caller gets the error (or success) that its own append earns.
 */
export function createAppendBatcher<Request, Answer>(
  options: AppendBatcherOptions<Request, Answer>,
): AppendBatcher<Request, Answer> {
  const queue: Queued<Request, Answer>[] = [];
  let inFlight = 0;

  function takeBatch(): Queued<Request, Answer>[] {
    const batch: Queued<Request, Answer>[] = [];
    let weight = 0;
    while (queue.length > 0) {
      const next = queue[0] as Queued<Request, Answer>;
      const nextWeight = options.weight(next.request);
      if (batch.length > 0 && weight + nextWeight > options.maxWeight) break;
      batch.push(next);
      weight += nextWeight;
      queue.shift();
    }
    return batch;
  }

  async function run(batch: Queued<Request, Answer>[]): Promise<void> {
    if (batch.length === 1) {
      await settle(batch[0] as Queued<Request, Answer>);
      return;
    }
    let outcomes: PromiseSettledResult<Answer>[];
    try {
      outcomes = await options.runBatch(batch.map((queued) => queued.request));
    } catch {
      await Promise.all(batch.map(settle));
      return;
    }
    batch.forEach((queued, index) => {
      const outcome = outcomes[index];
      if (outcome?.status === 'fulfilled') queued.resolve(outcome.value);
      else queued.reject(outcome?.reason ?? new Error('append batch gave no answer'));
    });
  }

  async function settle(queued: Queued<Request, Answer>): Promise<void> {
    try {
      queued.resolve(await options.runOne(queued.request));
    } catch (error) {
      queued.reject(error);
    }
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    send(request) {
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        pump();
      });
    },
  };
}
