import { describe, expect, it } from 'vitest';
import { isTransientError } from './transient-error';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('isTransientError', () => {
  it('retries what the database or the connection failed on, without quarantining', () => {
    for (const code of ['08006', '40001', '40P01', '53300', '57P01', '58030', 'ECONNREFUSED']) {
      expect(isTransientError(pgError(code)), code).toBe(true);
    }
    expect(isTransientError(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('treats what the event caused as the event’s failure', () => {
    for (const code of ['22P05', '23514', '23505', '42703']) {
      expect(isTransientError(pgError(code)), code).toBe(false);
    }
    expect(isTransientError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isTransientError('a string')).toBe(false);
  });
});
