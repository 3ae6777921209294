// Tests only: a document worker module whose jobs misbehave on purpose, to prove the pool's
// limits on the real machinery (worker threads, piscina, tsx) rather than on a stand-in.
import { threadId } from 'node:worker_threads';
import { HttpError } from '../../shared/http-error';
import { documentTask } from '../document-task';

/** Answers its input and the worker's thread id. */
export const echo = documentTask((input: string) => ({ input, threadId }));

/** Holds the worker's thread in a loop for `ms` (never yields: only termination stops it). */
export const spin = documentTask((ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
  return threadId;
});

/** Keeps allocating until the worker's heap limit ends it. */
export const exhaustHeap = documentTask(() => {
  const kept: string[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${kept.length}`));
});

/** Recurses until the stack overflows (a parser on deep nesting). */
export const overflowStack = documentTask(() => {
  const down = (depth: number): number => down(depth + 1) + 1;
  return down(0);
});

/** Refuses as a parser refuses a file it cannot read. */
export const refuse = documentTask(() => {
  throw new HttpError(422, 'This file could not be opened.');
});

/** Fails as a bug of ours would. */
export const fail = documentTask(() => {
  throw new TypeError('a bug');
});
