import { parentPort } from 'node:worker_threads';
import { HttpError } from '../shared/http-error';
import { JOB_STARTED, type JobEnvelope, type JobOutcome } from './document-job';

/**
 * Wraps a function for a worker module: it signals the start (the pool's time limit runs from
 * then, not from the queue), and turns what the visitor's input caused into an answer: an
 * HttpError as it is, and a RangeError (the stack of a parser recursing on deep nesting, a
 * string or buffer past V8's maximum) as a limit passed. Anything else is our fault and is
 * thrown on to the caller (a 500, logged).
 */
export function documentTask<Input, Output>(work: (input: Input) => Promise<Output> | Output) {
  return async (envelope: JobEnvelope<Input>): Promise<JobOutcome<Output>> => {
    parentPort?.postMessage({ [JOB_STARTED]: envelope.jobId });
    try {
      return { ok: true, value: await work(envelope.input) };
    } catch (error) {
      if (error instanceof HttpError) {
        return { ok: false, refusal: { status: error.statusCode, message: error.message } };
      }
      if (error instanceof RangeError) {
        // V8's own wording ("Maximum call stack size exceeded"): never the file's content.
        return { ok: false, limit: `RangeError: ${error.message.slice(0, 80)}` };
      }
      throw error;
    }
  };
}
