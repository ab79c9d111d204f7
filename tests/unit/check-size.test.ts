import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { failures, MAX_FILE_LINES, MAX_FUNCTION_LINES, sizeBreaches } from '../../scripts/check-size.mjs';

const script = path.resolve('scripts/check-size.mjs');

function tree(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'fangrid-size-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const lines = (n: number, text = 'const x = 1;') => Array.from({ length: n }, () => text).join('\n');
/** A factory whose closure spans exactly `span` lines. */
const factory = (span: number) => `export function make() {\n${lines(span - 2, '  void 0;')}\n}\n`;

describe('size rule (scripts/check-size.mjs)', () => {
  it('passes the real source tree', () => {
    const res = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('takes a server file of 600 lines and fails one of 601, naming it', () => {
    const root = tree({
      'server/ok.ts': lines(MAX_FILE_LINES),
      'server/long.ts': lines(MAX_FILE_LINES + 1),
    });
    const res = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('server/long.ts:1: 601 lines');
    expect(res.stderr).not.toContain('server/ok.ts');
  });

  it('fails a function over 250 lines in server or web, counting a factory closure whole', () => {
    const root = tree({
      'server/fits.ts': factory(MAX_FUNCTION_LINES),
      'server/factory.ts': factory(MAX_FUNCTION_LINES + 1),
      'web/screen.tsx': `export const Screen = () => {\n${lines(MAX_FUNCTION_LINES - 1, '  void 0;')}\n};\n`,
    });
    const found = sizeBreaches(root).map((b: { where: string; message: string }) => `${b.where}: ${b.message}`);
    expect(found).toEqual([
      'server/factory.ts:1: function make spans 251 lines (at most 250)',
      'web/screen.tsx:1: function Screen spans 251 lines (at most 250)',
    ]);
  });

  it('leaves migrations and seed data out', () => {
    const root = tree({
      'server/db/migrations/0001.ts': lines(MAX_FILE_LINES + 50),
      'server/db/seed/pages/big.ts': lines(MAX_FILE_LINES + 50),
    });
    expect(sizeBreaches(root)).toEqual([]);
  });

  it('reports a pending entry that is within the limits, so the list only shrinks', () => {
    const root = tree({ 'server/small.ts': factory(10) });
    expect(failures(root, new Set(['server/small.ts#make']))).toEqual([
      'server/small.ts#make: within the limits now; remove it from pending',
    ]);
  });
});
