import { fileURLToPath } from 'node:url';

/**
 * One kind of document work: a function exported by a worker module (a `*.worker.ts` file that
 * wraps it with `documentTask`). The types tie what the caller sends to what the function
 * takes and gives back; the pool only knows the file and the export's name.
 */
export interface DocumentJob<Input, Output> {
  /** Absolute path of the worker module. */
  readonly filename: string;
  /** The export to call. */
  readonly name: string;
  /** The answer (422) when the job passes a limit of the pool: its time, its heap, its stack. */
  readonly limitMessage: string;
  /** Never set: carries the types. */
  readonly types?: (input: Input) => Output;
}

export function documentJob<Input, Output>(
  module: URL,
  name: string,
  limitMessage: string,
): DocumentJob<Input, Output> {
  return { filename: fileURLToPath(module), name, limitMessage };
}

/** What the pool hands a worker: the job's id (for its start signal) and its input. */
export interface JobEnvelope<Input> {
  jobId: number;
  input: Input;
}

/**
 * What a worker hands back: the output, an answer for the visitor (a 4xx, worded), or word that
 * the input passed a limit inside the worker (its stack, V8's largest string).
 */
export type JobOutcome<Output> =
  | { ok: true; value: Output }
  | { ok: false; refusal: { status: number; message: string } }
  | { ok: false; limit: string };

/** The message a worker posts as it starts a job: the job's time limit runs from here. */
export const JOB_STARTED = 'shortlistDocumentJobStarted';
