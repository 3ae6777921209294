import { defineRoute } from '@shortlist/domain/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { staleAfter, staleAfterLoader } from './stale-after';

const getThing = defineRoute({
  method: 'GET',
  path: '/things',
  audience: 'public',
  summary: 'Read things',
  response: z.object({ ok: z.literal(true) }),
});
const renameThing = defineRoute({
  method: 'POST',
  path: '/things',
  audience: 'public',
  summary: 'Rename a thing',
  response: z.object({ ok: z.literal(true) }),
});

describe('the stale-after loader', () => {
  it('loads a lazy table once', async () => {
    let loads = 0;
    const load = staleAfterLoader(async () => {
      loads += 1;
      return staleAfter([[renameThing, [getThing]]]);
    });
    expect((await load()).get(renameThing)).toEqual([getThing]);
    await load();
    expect(loads).toBe(1);
  });

  it('answers an empty table when the chunk fails, and tries again next time', async () => {
    let loads = 0;
    const load = staleAfterLoader(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return staleAfter([[renameThing, [getThing]]]);
    });
    expect((await load()).size).toBe(0);
    expect((await load()).get(renameThing)).toEqual([getThing]);
    expect(loads).toBe(2);
  });
});
