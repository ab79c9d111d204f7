import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { checkSource, checksDir, compiledModule } from '../../scripts/compiled-checks';

const compile = (schema: z.core.$ZodType) =>
  new Function(`return ${checkSource(schema)}`)() as (data: unknown) => boolean;

describe('compiling a response contract to a check (docs/decisions/0028)', () => {
  it('checks types, required keys, enums, nullability, arrays, bounds and patterns, and takes unknown keys', () => {
    const check = compile(
      z.object({
        id: z.string().regex(/^[a-z]+$/),
        count: z.int().min(0).max(9),
        status: z.enum(['open', 'locked']),
        note: z.string().nullable(),
        tags: z.array(z.literal('x')).max(2),
        at: z.string().optional(),
      }),
    );
    const good = { id: 'abc', count: 3, status: 'open', note: null, tags: ['x'] };
    expect(check(good)).toBe(true);
    expect(check({ ...good, unknown: 1 })).toBe(true);
    for (const bad of [
      { ...good, id: 'ABC' },
      { ...good, count: 3.5 },
      { ...good, count: 10 },
      { ...good, status: 'shipped' },
      { ...good, note: undefined },
      { ...good, tags: ['x', 'x', 'x'] },
      { ...good, at: 5 },
      [good],
      null,
    ]) {
      expect(check(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('compiles zod/mini schemas the same way', () => {
    const check = compile(zm.object({ ok: zm.literal(true) }));
    expect([check({ ok: true }), check({ ok: false }), check({})]).toEqual([true, false, false]);
  });

  it('refuses a schema whose parse changes the data, or that JSON Schema cannot hold', () => {
    for (const schema of [
      z.object({ n: z.string().transform((s) => s.length) }),
      z.object({ n: z.number().default(1) }),
      z.object({ n: z.string().pipe(z.coerce.number()) }),
      z.object({ n: z.number().catch(0) }),
      z.object({ at: z.date() }),
      z.custom<string>((v) => typeof v === 'string'),
    ]) {
      expect(() => checkSource(schema)).toThrow();
    }
  });

  it('refuses a length other than min(1): JSON Schema counts code points, zod UTF-16 units', () => {
    expect(() => checkSource(z.object({ code: z.string().length(3) }))).toThrow(/counts characters differently/);
    expect(() => checkSource(z.object({ name: z.string().max(7) }))).toThrow(/counts characters differently/);
    expect(compile(z.object({ name: z.string().min(1) }))({ name: '\u{1F3C0}' })).toBe(true);
  });

  it('serves each checks module as its compiled check, without zod or the contract', async () => {
    const source = await compiledModule(`${checksDir}/me-response.ts`);
    expect(source).toMatch(/^import \{ checkedBy \} from ".*compiled-check\.ts";\nexport const meResponseCheck = /);
    expect(source).not.toMatch(/zod|shared\/contracts/);
  });
});
