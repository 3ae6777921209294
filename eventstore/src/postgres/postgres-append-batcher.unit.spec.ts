import { describe, expect, it } from 'vitest';
import { createAppendBatcher } from './postgres-append-batcher';

/** A batcher over fake sends that records what went out together and answers on demand. */
function recording(options: { maxInFlight?: number; maxWeight?: number; failBatch?: boolean }) {
  const sent: string[][] = [];
  const pending: (() => void)[] = [];
  const held = <T>(value: T) =>
    new Promise<T>((resolve) => {
      pending.push(() => resolve(value));
    });
  const batcher = createAppendBatcher<string, string>({
    maxInFlight: options.maxInFlight ?? 1,
    maxWeight: options.maxWeight ?? 100,
    weight: (request) => request.length,
    runOne: async (request) => {
      sent.push([request]);
      if (request.startsWith('bad')) {
        await held(null);
        throw new Error(`refused ${request}`);
      }
      return held(`one:${request}`);
    },
    runBatch: async (requests) => {
      sent.push(requests);
      await held(null);
      if (options.failBatch) throw new Error('batch failed');
      return requests.map((request) =>
        request.startsWith('bad')
          ? { status: 'rejected' as const, reason: new Error(`refused ${request}`) }
          : { status: 'fulfilled' as const, value: `batch:${request}` },
      );
    },
  });
  /** Lets every send waiting so far finish, and the sends that follows start. */
  const release = async () => {
    for (const resolve of pending.splice(0)) resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { batcher, sent, release };
}

describe('createAppendBatcher', () => {
  it('sends a lone request at once, alone, and those arriving meanwhile together after it', async () => {
    const { batcher, sent, release } = recording({ maxInFlight: 1 });
    const first = batcher.send('a');
    const rest = ['b', 'c', 'd'].map((request) => batcher.send(request));
    expect(sent).toEqual([['a']]);
    await release();
    expect(sent).toEqual([['a'], ['b', 'c', 'd']]);
    await release();
    expect(await first).toBe('one:a');
    expect(await Promise.all(rest)).toEqual(['batch:b', 'batch:c', 'batch:d']);
  });

  it('keeps up to maxInFlight sends going at once', async () => {
    const { batcher, sent, release } = recording({ maxInFlight: 2 });
    const answers = ['a', 'b', 'c', 'd'].map((request) => batcher.send(request));
    expect(sent).toEqual([['a'], ['b']]);
    await release();
    expect(sent).toEqual([['a'], ['b'], ['c', 'd']]);
    await release();
    expect(await Promise.all(answers)).toEqual(['one:a', 'one:b', 'batch:c', 'batch:d']);
  });

  it('caps a batch by weight, but never leaves a heavy request behind', async () => {
    const { batcher, sent, release } = recording({ maxInFlight: 1, maxWeight: 4 });
    const answers = ['a', 'bb', 'cc', 'd', 'eeeeee'].map((request) => batcher.send(request));
    await release();
    await release();
    await release();
    await release();
    expect(sent).toEqual([['a'], ['bb', 'cc'], ['d'], ['eeeeee']]);
    expect(await Promise.all(answers)).toEqual([
      'one:a',
      'batch:bb',
      'batch:cc',
      'one:d',
      'one:eeeeee',
    ]);
  });

  it('rejects only the requests the batch refuses', async () => {
    const { batcher, release } = recording({ maxInFlight: 1 });
    const answers = ['a', 'b', 'bad-c', 'd'].map((request) =>
      batcher.send(request).catch((error: Error) => error.message),
    );
    await release();
    await release();
    expect(await Promise.all(answers)).toEqual(['one:a', 'batch:b', 'refused bad-c', 'batch:d']);
  });

  it('sends every member of a failed batch again alone, so each gets its own answer', async () => {
    const { batcher, sent, release } = recording({ maxInFlight: 1, failBatch: true });
    const answers = ['a', 'b', 'bad-c'].map((request) =>
      batcher.send(request).catch((error: Error) => error.message),
    );
    await release();
    await release();
    await release();
    expect(sent).toEqual([['a'], ['b', 'bad-c'], ['b'], ['bad-c']]);
    expect(await Promise.all(answers)).toEqual(['one:a', 'one:b', 'refused bad-c']);
  });
});
