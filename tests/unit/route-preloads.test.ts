import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { htmlWithPreloads } from '../../src/server/http/web';
import { preloadsForPath } from '../../src/shared/contracts/route-preloads';
import { lazyCheckOf, routePreloads } from '../../src/web/app/route-preloads';

const html = '<!doctype html><html><head><title>FanGrid</title>\n  </head><body><div id="root"></div></body></html>';

describe('screen HTML with its preloads (decision 0014)', () => {
  it('names the chunks as modulepreloads and the documents as fetch preloads, in the head', () => {
    const out = htmlWithPreloads(html, {
      modules: ['/assets/gaming-hub-page-abc.js', '/assets/ui-def.js'],
      data: ['/api/content/pages/gaming'],
    });
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/gaming-hub-page-abc.js">',
    );
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ui-def.js">');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/content/pages/gaming">');
    expect(out.endsWith('<body><div id="root"></div></body></html>')).toBe(true);
    expect(out.match(/<\/head>/g)).toHaveLength(1);
  });

  it('leaves the page as built without preloads, or without a head to put them in', () => {
    expect(htmlWithPreloads(html, undefined)).toBe(html);
    expect(htmlWithPreloads(html, { modules: [], data: [] })).toBe(html);
    expect(htmlWithPreloads('<p>no head</p>', { modules: ['/a.js'], data: [] })).toBe('<p>no head</p>');
  });

  it("fills a screen path's parameter into its documents, for plain path segments only", () => {
    const boards = { modules: ['/assets/board-page-abc.js'], data: ['/api/boards/:slug'] };
    expect(preloadsForPath('/boards/:slug', boards, '/boards/finals-game-5')).toEqual({
      modules: ['/assets/board-page-abc.js'],
      data: ['/api/boards/finals-game-5'],
    });
    for (const other of ['/boards', '/boards/a/rules', '/board/a', '/boards/', '/boards/a%22b', '/boards/a.b']) {
      expect(preloadsForPath('/boards/:slug', boards, other), other).toBeUndefined();
    }
  });

  it('escapes what it writes into attributes', () => {
    const out = htmlWithPreloads(html, { modules: ['/a.js"><script>x</script>'], data: ['/api?a=1&b=2'] });
    expect(out).not.toContain('<script>');
    expect(out).toContain('href="/a.js&quot;>&lt;script>x&lt;/script>"');
    expect(out).toContain('href="/api?a=1&amp;b=2"');
  });

  it('lists every lazy screen of the route table: client navigation takes its chunks from this table', () => {
    const router = readFileSync(new URL('../../src/web/app/router.tsx', import.meta.url), 'utf8');
    const lazyPages = new Set(
      [...router.matchAll(/import\('\.\.\/(features\/[\w/-]+\/pages\/[\w-]+)'\)/g)].map((m) => m[1]),
    );
    const listed = new Set(routePreloads.map((r) => r.page.replace(/\.tsx$/, '')));
    // The not-found screen imports nothing the entry has not loaded: it needs no table.
    const plain = ['features/errors/pages/not-found-page'];
    expect(lazyPages.size).toBeGreaterThan(30);
    expect([...lazyPages].filter((page) => !listed.has(page as string) && !plain.includes(page as string))).toEqual([]);
  });

  it('names the compiled check each lazily checked document loads, and only checks that are loaded lazily', () => {
    const web = new URL('../../src/web/', import.meta.url);
    const sources = readdirSync(web, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('checks/'))
      .map((f) => readFileSync(new URL(f, web), 'utf8'))
      .join('\n');
    const lazyChecks = new Set(
      [...sources.matchAll(/import\('(?:\.\.\/)+(checks\/[\w/-]+)'\)/g)].map((m) => `${m[1]}.ts`),
    );
    const named = new Set(routePreloads.flatMap((r) => r.data.map(lazyCheckOf)).filter((c) => c !== undefined));
    expect(lazyChecks.size).toBeGreaterThan(5);
    expect([...named].sort()).toEqual([...lazyChecks].sort());
    for (const check of named) expect(existsSync(new URL(check, web)), check).toBe(true);
  });
});
