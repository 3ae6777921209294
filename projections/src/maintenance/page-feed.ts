import type { RecordedEvent } from '@shortlist/eventstore';

/** Every lane has closed: nobody is left to read pages for. */
export class NoLanesLeftError extends Error {
  constructor() {
    super('Every lane of the replay has stopped');
    this.name = 'NoLanesLeftError';
  }
}

/**
 * One reader's pages handed to several lanes, each taking every page in order at its own pace.
 * The reader waits while the slowest open lane has `ahead` pages queued, so at most that many
 * pages per lane are held in memory however far apart the lanes run. A lane that stops
 * (finished or failed) is closed and holds nobody back any more.
 */
export class PageFeed {
  private readonly queues: RecordedEvent[][][];
  private readonly open: boolean[];
  private readonly waitingLane: Array<(() => void) | null>;
  private waitingReader: (() => void) | null = null;
  private ended = false;
  private failure: { error: unknown } | null = null;

  constructor(
    lanes: number,
    private readonly ahead: number,
  ) {
    this.queues = Array.from({ length: lanes }, () => []);
    this.open = Array.from({ length: lanes }, () => true);
    this.waitingLane = Array.from({ length: lanes }, () => null);
  }

  /** Queues a page for every open lane, after waiting for room. */
  async push(page: RecordedEvent[]): Promise<void> {
    while (this.full()) {
      await new Promise<void>((resolve) => {
        this.waitingReader = resolve;
      });
    }
    if (!this.open.includes(true)) throw new NoLanesLeftError();
    this.queues.forEach((queue, lane) => {
      if (this.open[lane]) queue.push(page);
    });
    this.wakeLanes();
  }

  /** No more pages: after their queues, lanes get null (or `error` when the reading failed). */
  end(error?: unknown): void {
    this.ended = true;
    if (error !== undefined) this.failure = { error };
    this.wakeLanes();
  }

  /** The lane's next page, null at the end; throws the reader's error if the reading failed. */
  async next(lane: number): Promise<RecordedEvent[] | null> {
    for (;;) {
      if (this.failure !== null) throw this.failure.error;
      const page = this.queues[lane]?.shift();
      if (page !== undefined) {
        this.wakeReader();
        return page;
      }
      if (this.ended) return null;
      await new Promise<void>((resolve) => {
        this.waitingLane[lane] = resolve;
      });
    }
  }

  /** The lane takes no more pages (it finished or failed). */
  close(lane: number): void {
    this.open[lane] = false;
    const queue = this.queues[lane];
    if (queue !== undefined) queue.length = 0;
    this.wakeReader();
  }

  private full(): boolean {
    return this.queues.some((queue, lane) => this.open[lane] && queue.length >= this.ahead);
  }

  private wakeReader(): void {
    const resolve = this.waitingReader;
    this.waitingReader = null;
    resolve?.();
  }

  private wakeLanes(): void {
    this.waitingLane.forEach((resolve, lane) => {
      this.waitingLane[lane] = null;
      resolve?.();
    });
  }
}
