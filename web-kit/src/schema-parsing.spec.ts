import { describe, expect, it } from 'vitest';

describe('schema-parsing', () => {
  it('makes zod parse without compiling (no eval under the CSP), set before zod loads', async () => {
    await import('./schema-parsing');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // A schema built afterwards still parses and refuses as before.
    const schema = z.object({ name: z.string() });
    expect(schema.parse({ name: 'Asha' })).toEqual({ name: 'Asha' });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
  });
});
