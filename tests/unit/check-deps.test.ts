import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-deps.mjs');

function tree(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'fangrid-deps-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function check(root: string) {
  return spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
}

describe('layer rule (scripts/check-deps.mjs)', () => {
  it('passes the real source tree', () => {
    const res = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(res.status).toBe(0);
  });

  it('accepts web and server importing shared', () => {
    const root = tree({
      'shared/a.ts': 'export const a = 1;',
      'web/x.tsx': "import { a } from '../shared/a';\nexport const x = a;",
      'server/y.ts': "import { a } from '../shared/a';\nexport const y = a;",
    });
    expect(check(root).status).toBe(0);
  });

  it('fails when web imports server, naming the file and line', () => {
    const root = tree({
      'server/db.ts': 'export const db = 1;',
      'web/page.tsx': "import React from 'react';\nimport { db } from '../server/db';\nexport default db;",
    });
    const res = check(root);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("web/page.tsx:2: src/web must not import src/server ('../server/db')");
  });

  it('fails when shared imports web or server, or a Node module, including dynamic imports', () => {
    const root = tree({
      'web/w.ts': 'export const w = 1;',
      'server/s.ts': 'export const s = 1;',
      'shared/bad.ts': [
        "import { w } from '../web/w';",
        "export { s } from '../server/s';",
        "import fs from 'node:fs';",
        "const lazy = () => import('../server/s');",
      ].join('\n'),
    });
    const res = check(root);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('shared/bad.ts:1: src/shared must not import src/web');
    expect(res.stderr).toContain('shared/bad.ts:2: src/shared must not import src/server');
    expect(res.stderr).toContain("shared/bad.ts:3: src/shared must not import 'node:fs'");
    expect(res.stderr).toContain('shared/bad.ts:4: src/shared must not import src/server');
  });
});
