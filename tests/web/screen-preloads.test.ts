import { describe, expect, it, vi } from 'vitest';
import { createScreenPreloads } from '../../src/web/app/screen-preloads';

const manifest = {
  '/faq': { modules: ['/assets/faq.js', '/assets/ui.js'], data: ['/api/content/faq'] },
  '/boards/:slug': { modules: ['/assets/board.js', '/assets/ui.js'], data: ['/api/boards/:slug'] },
};

const preloadsIn = (doc: Document) =>
  [...doc.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => (l as HTMLLinkElement).getAttribute('href'));

describe('screen chunks preloaded at navigation (route-preloads.json)', () => {
  it("asks for a screen's chunks together, each once, by exact path or by pattern; the table is read once", async () => {
    const doc = document.implementation.createHTMLDocument('t');
    const fetch = vi.fn(async () => new Response(JSON.stringify(manifest)));
    const preloads = createScreenPreloads({ fetch, document: doc });
    await preloads.preload('/faq');
    expect(preloadsIn(doc)).toEqual(['/assets/faq.js', '/assets/ui.js']);
    await preloads.preload('/boards/finals-game-5');
    await preloads.preload('/faq');
    expect(preloadsIn(doc)).toEqual(['/assets/faq.js', '/assets/ui.js', '/assets/board.js']);
    expect(doc.head.querySelector('link')?.crossOrigin).toBe('anonymous');
    await preloads.preload('/nowhere');
    await preloads.preload('/boards/a%22b');
    expect(preloadsIn(doc)).toHaveLength(3);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/route-preloads.json', { credentials: 'same-origin' });
  });

  it('leaves navigation as it is when the table cannot be read', async () => {
    for (const fetch of [
      vi.fn(async () => new Response('missing', { status: 404 })),
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
      vi.fn(async () => new Response('{not json')),
    ]) {
      const doc = document.implementation.createHTMLDocument('t');
      await expect(createScreenPreloads({ fetch, document: doc }).preload('/faq')).resolves.toBeUndefined();
      expect(preloadsIn(doc)).toEqual([]);
    }
  });
});
