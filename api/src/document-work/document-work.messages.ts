/** Worded for people, as every answer (SPEC §8 leaves these open). */
export const DOCUMENT_WORK_MESSAGES = {
  busy: 'The server is busy reading other files. Please wait a moment and try again.',
} as const;

/** Seconds a visitor refused as busy is asked to wait (Retry-After): about one job's time. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
