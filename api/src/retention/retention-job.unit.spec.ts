import { describe, expect, it } from 'vitest';
import { dailyKey, ERASE_COMPLETED_JOB, EXPIRE_UNPAID_JOB, nextDailyRun } from './retention-job';

describe('nextDailyRun', () => {
  it('is the first 03:00 UTC strictly after the given time', () => {
    const next = (iso: string) => nextDailyRun(new Date(iso)).toISOString();
    expect(next('2026-11-23T01:15:00.000Z')).toBe('2026-11-23T03:00:00.000Z');
    expect(next('2026-11-23T03:00:00.000Z')).toBe('2026-11-24T03:00:00.000Z');
    expect(next('2026-11-23T22:00:00.000Z')).toBe('2026-11-24T03:00:00.000Z');
    expect(next('2026-12-31T04:00:00.000Z')).toBe('2027-01-01T03:00:00.000Z');
  });

  it('keys a run by its UTC day', () => {
    const runAt = new Date('2026-11-23T03:00:00.000Z');
    expect(dailyKey(ERASE_COMPLETED_JOB, runAt)).toBe('retention:2026-11-23');
    expect(dailyKey(EXPIRE_UNPAID_JOB, runAt)).toBe('unpaid-expiry:2026-11-23');
  });
});
