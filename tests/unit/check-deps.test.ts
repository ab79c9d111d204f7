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

  it('fails when server/db imports the platform, a feature or http, but lets it take the clock', () => {
    const root = tree({
      'server/platform/clock.ts': 'export type Clock = { now(): Date };',
      'server/platform/events.ts': 'export const hub = 1;',
      'server/features/boards/index.ts': 'export const boards = 1;',
      'server/db/client.ts':
        "import type { Clock } from '../platform/clock';\nimport { hub } from '../platform/events';\nexport const c = hub;",
      'server/db/seed/boards.ts': "import { boards } from '../../features/boards';\nexport const b = boards;",
    });
    const res = check(root);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('server/db/client.ts:2: server/db must not import the platform, features or http');
    expect(res.stderr).toContain(
      'server/db/seed/boards.ts:1: server/db must not import the platform, features or http',
    );
    expect(res.stderr).not.toContain('client.ts:1');
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

describe('feature boundary rule (scripts/check-deps.mjs)', () => {
  const boards = {
    'server/features/boards/index.ts': "export { createBoardsRepo } from './repo';",
    'server/features/boards/repo.ts': "import { rule } from './rules';\nexport const createBoardsRepo = () => rule;",
    'server/features/boards/rules.ts': 'export const rule = 1;',
  };

  it('fails when another feature, app.ts or a seed reaches past a feature index, naming each file and line', () => {
    const root = tree({
      ...boards,
      'server/features/admin/repo.ts': "import { rule } from '../boards/rules';\nexport const a = rule;",
      'server/features/admin/service.ts': "import type { x } from '../boards/repo.ts';\nexport type { x };",
      'server/app.ts': "import { a } from './features/admin/repo';\nexport const app = a;",
      'server/db/seed/boards.ts': "export * from '../../features/boards/repo';",
      'server/jobs.ts': "const lazy = () => import('./features/boards/rules');\nexport { lazy };",
    });
    const res = check(root);
    expect(res.status).toBe(1);
    const only = (f: string) => `only server/features/${f}/index.ts may be imported from outside the feature`;
    expect(res.stderr).toContain(`server/features/admin/repo.ts:1: ${only('boards')} ('../boards/rules')`);
    expect(res.stderr).toContain(`server/features/admin/service.ts:1: ${only('boards')} ('../boards/repo.ts')`);
    expect(res.stderr).toContain(`server/app.ts:1: ${only('admin')} ('./features/admin/repo')`);
    expect(res.stderr).toContain(`server/db/seed/boards.ts:1: ${only('boards')}`);
    expect(res.stderr).toContain(`server/jobs.ts:1: ${only('boards')} ('./features/boards/rules')`);
    // A feature's own files import each other freely.
    expect(res.stderr).not.toContain('server/features/boards/repo.ts');
  });

  it("allows a feature's index, however it is spelled, and the web route table's lazy pages", () => {
    const root = tree({
      ...boards,
      'server/features/admin/repo.ts':
        "import { createBoardsRepo } from '../boards';\nexport const a = createBoardsRepo;",
      'server/features/admin/service.ts': "import { createBoardsRepo } from '../boards/index';\nexport const b = 1;",
      'server/app.ts': "import { a } from './features/admin/index.ts';\nexport const app = a;",
      'web/features/boards/index.ts': 'export const api = 1;',
      'web/features/boards/pages/board-page.tsx': 'export default 1;',
      'web/app/router.tsx':
        "import { api } from '../features/boards';\nexport const r = [api, () => import('../features/boards/pages/board-page')];",
    });
    const res = check(root);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it("refuses a web import past a feature's index, outside the route table's pages", () => {
    const root = tree({
      ...boards,
      'web/features/boards/index.ts': 'export const x = 1;',
      'web/features/boards/api.ts': 'export const api = 1;',
      'web/features/gaming/page.tsx': "import { api } from '../boards/api';\nexport const g = api;",
      'web/app/router.tsx': "import { api } from '../features/boards/api';\nexport const r = api;",
    });
    const res = check(root);
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/web\/features\/gaming\/page\.tsx:1: only web\/features\/boards\/index\.ts/);
    expect(res.stderr).toMatch(/web\/app\/router\.tsx:1: only web\/features\/boards\/index\.ts/);
  });
});

describe('API call rule (scripts/check-deps.mjs)', () => {
  const client = {
    'web/lib/api-client.ts': 'export const apiGet = 1; export const apiPost = 1; export class ApiClientError {}',
    'web/lib/session.ts': "import { apiGet } from './api-client';\nexport const me = apiGet;",
    'web/features/boards/index.ts': "export { entries } from './api';",
    'web/features/boards/api.ts':
      "import { apiGet, apiPost } from '../../lib/api-client';\nexport const entries = [apiGet, apiPost];",
    'web/features/boards/gate-api.ts': "import { apiGet } from '../../lib/api-client';\nexport const gate = apiGet;",
  };

  it("allows a feature's api.ts, its <name>-api.ts and web/lib to call the API, and any file to use ApiClientError", () => {
    const root = tree({
      ...client,
      'web/features/boards/pages/board-page.tsx':
        "import { ApiClientError } from '../../../lib/api-client';\nimport { entries } from '../api';\nexport const p = [ApiClientError, entries];",
    });
    const res = check(root);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('refuses a request helper imported anywhere else on the web, naming the file and line', () => {
    const root = tree({
      ...client,
      'web/features/boards/pages/board-page.tsx':
        "import { useState } from 'react';\nimport { ApiClientError, apiPost } from '../../../lib/api-client';\nexport const p = [useState, ApiClientError, apiPost];",
      'web/features/boards/board-entries.ts':
        "import {\n  apiDelete,\n} from '../../lib/api-client.ts';\nexport const e = apiDelete;",
      'web/features/gaming/components/api.ts':
        "import { apiUpload } from '../../../lib/api-client';\nexport const u = apiUpload;",
      'web/components/ticker.tsx': "import { apiGet } from '../lib/api-client';\nexport const t = apiGet;",
      'web/features/boards/components/gate-api.ts':
        "import { apiGet } from '../../../lib/api-client';\nexport const g = apiGet;",
      'web/features/boards/apis.ts': "import { apiGet } from '../../lib/api-client';\nexport const g = apiGet;",
    });
    const res = check(root);
    expect(res.status).toBe(1);
    const only = "only a web feature's api.ts or <name>-api.ts (or web/lib) may call the API";
    expect(res.stderr).toContain(`web/features/boards/pages/board-page.tsx:2: ${only} ('../../../lib/api-client')`);
    expect(res.stderr).toContain(`web/features/boards/board-entries.ts:1: ${only} ('../../lib/api-client.ts')`);
    expect(res.stderr).toContain(`web/features/gaming/components/api.ts:1: ${only}`);
    expect(res.stderr).toContain(`web/components/ticker.tsx:1: ${only}`);
    expect(res.stderr).toContain(`web/features/boards/components/gate-api.ts:1: ${only}`);
    expect(res.stderr).toContain(`web/features/boards/apis.ts:1: ${only}`);
    expect(res.stderr).not.toContain('web/features/boards/api.ts');
    expect(res.stderr).not.toContain('web/features/boards/gate-api.ts');
    expect(res.stderr).not.toContain('web/lib/session.ts');
  });
});

describe('API paths rule (scripts/check-deps.mjs)', () => {
  it('allows the web a group of api-paths and the server the whole apiPaths; refuses the web the whole', () => {
    const root = tree({
      'shared/contracts/api-paths/content.ts': "export const contentPaths = { home: '/api/content/home' };",
      'shared/contracts/paths.ts':
        "import { contentPaths } from './api-paths/content';\nexport const apiPaths = { content: contentPaths };",
      'server/app.ts': "import { apiPaths } from '../shared/contracts/paths';\nexport const a = apiPaths;",
      'web/lib/home.ts':
        "import { contentPaths } from '../../shared/contracts/api-paths/content';\nexport const h = contentPaths;",
      'web/lib/menu.ts':
        "import { useState } from 'react';\nimport { apiPaths } from '../../shared/contracts/paths.ts';\nexport const m = [useState, apiPaths];",
    });
    const res = check(root);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(
      "web/lib/menu.ts:2: the web imports its API paths from shared/contracts/api-paths/, not '../../shared/contracts/paths.ts'",
    );
    expect(res.stderr).not.toContain('web/lib/home.ts');
    expect(res.stderr).not.toContain('server/app.ts');
  });
});
