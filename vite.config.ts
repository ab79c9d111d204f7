import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compiledChecksPlugin } from './scripts/compiled-checks';
import { type RoutePreloadsManifest, routePreloadsFile } from './src/shared/contracts/route-preloads';
import { lazyCheckOf, routePreloads } from './src/web/app/route-preloads';

const webRoot = path.resolve(import.meta.dirname, 'src/web');
/** The entry chunk's file name (build.rolldownOptions.output.entryFileNames). */
const entryChunk = /^assets\/index-[\w-]+\.js$/;
const featureSurface = /src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * Writes route-preloads.json (decision 0014): per screen path, its page chunk and the chunks that chunk
 * imports statically, the compiled checks of its documents (decision 0028; less those index.html already
 * loads), and the documents its loader fetches.
 */
function routePreloadsPlugin(): Plugin {
  return {
    name: 'fangrid-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error('route preloads: the build has no entry chunk');
      const inHtml = closure(entry.fileName);
      const manifest: RoutePreloadsManifest = {};
      for (const route of routePreloads) {
        const page = chunks.find((c) => c.facadeModuleId === path.join(webRoot, route.page));
        if (!page) this.error(`route preloads: ${route.page} is not a chunk of its own (renamed, or no longer lazy?)`);
        const wanted = closure(page.fileName);
        for (const check of route.data.map(lazyCheckOf)) {
          if (!check) continue;
          const chunk = chunks.find((c) => c.facadeModuleId === path.join(webRoot, check));
          if (!chunk) this.error(`route preloads: ${check} is not a chunk of its own (no longer loaded lazily?)`);
          closure(chunk.fileName, wanted);
        }
        const modules = [...wanted].filter((f) => !inHtml.has(f)).map((f) => `/${f}`);
        for (const p of route.paths) manifest[p] = { modules, data: [...route.data] };
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: JSON.stringify(manifest, null, 2) });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [compiledChecksPlugin(), react(), tailwindcss(), routePreloadsPlugin()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // .vite/manifest.json: which hash-named chunk holds which source module (tests that hold a lazy chunk read it).
    manifest: true,
    // The strict CSP forbids inline scripts; keep the modulepreload polyfill out of index.html.
    modulePreload: {
      polyfill: false,
      // The route table's screens (dynamic imports in the entry) get their chunks' imports from
      // route-preloads.json at navigation (src/web/app/screen-preloads.ts), so the entry carries no list of
      // them (docs/decisions/0028); a dynamic import anywhere else keeps Vite's own list.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && entryChunk.test(hostId) ? [] : deps,
    },
    assetsInlineLimit: 0,
    rolldownOptions: {
      // A feature's index.ts only re-exports its public surface (src/web/features/<f>/index.ts). Marked free of
      // side effects, it adds no chunk of its own: importers get the modules behind it, as if they had
      // imported them directly.
      treeshake: { moduleSideEffects: (id) => (featureSurface.test(id) ? false : undefined) },
      output: {
        // Lazy chunks are named by their hash alone: the route table carries every screen's chunk name and its
        // dependencies' for preloading, and readable names there cost the first load of / about 0.9 KB gzip.
        // Source maps still name every module.
        entryFileNames: 'assets/index-[hash].js',
        chunkFileNames: 'assets/[hash].js',
        // Lazy screens share many tiny modules (one chunk per lucide icon). Served over HTTP/1.1, a few
        // dozen 1 KB requests queue behind the browser's six connections before a screen can paint, so
        // the icons travel as one chunk. Only the icons: their dependencies (React) stay where they are,
        // or the entry would have to load the icons chunk too.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            // What the shell and the home page share, as one chunk: the shell's inline icons, the API client
            // and paths, and the pieces the home page is built from (cards, sections, number tiles). All of it
            // is on the first load of / anyway; one request instead of six small chunks, each with its own
            // overhead, on the tightest budget (docs/decisions/0002-first-load-budget.md).
            {
              name: 'shell',
              test: /src[\\/]web[\\/](components[\\/](ui[\\/]icon|link-card|stat-tile|clocks|layout[\\/]page-section)\.tsx|lib[\\/](api-client|cn)\.ts)$|src[\\/]shared[\\/](contracts[\\/](api-paths[\\/](content|accounts)|error-codes)|domain[\\/](clocks|wall-clock))\.ts$|node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]queryOptions\.js$/,
            },
            // Small design-system pieces most screens use, none of them in the shell (keep it that way:
            // a module here that the shell imports would put the whole group on the first load). Nothing
            // that imports a domain module beyond money: the entry fields (board nicknames) brought the
            // boards rules and SHA-256 (4.4 KB gzip) to every screen that shows a card.
            {
              name: 'ui',
              test: /src[\\/]web[\\/]components[\\/](layout[\\/]back-link|ui[\\/](card|details-list|field|input|dialog|select|textarea))\.tsx$|src[\\/]shared[\\/]domain[\\/]money\.ts$/,
            },
            // Tabs and accordions are built on Radix (about 9 KB gzip with its collection and focus helpers): a
            // chunk of their own, so the screens that use neither (the sports hub, the board screens) skip it.
            {
              name: 'radix',
              test: /src[\\/]web[\\/]components[\\/]ui[\\/](tabs|accordion)\.tsx$|node_modules[\\/]@radix-ui[\\/]/,
            },
            // The board entry pieces travel with the boards rules they use (and the boards API paths), one
            // request for the screens that take entries, none for the others: with the entry form's hook, the boards
            // API calls and the legal and texting rules the form shows.
            {
              name: 'boards',
              test: /src[\\/]web[\\/](components[\\/]amount-(choices|field)|features[\\/]boards[\\/]components[\\/]entry-fields)\.tsx$|src[\\/]web[\\/]features[\\/]boards[\\/](api|board-entries|use-entry-form)\.ts$|src[\\/]shared[\\/](domain[\\/](boards|legal|sms)|contracts[\\/](api-paths[\\/]boards|board-responses|board-share))\.ts$|node_modules[\\/]@noble[\\/]hashes[\\/]/,
            },
            // Tiny helpers that most lazy screens share (storage, forms and their messages, phone and text rules,
            // polling): one request instead of five or six of a few hundred bytes each. None is on the first load.
            {
              name: 'common',
              test: /src[\\/]web[\\/]lib[\\/](storage|form|local-errors|pending-poll)\.ts$|src[\\/]shared[\\/]domain[\\/](text|phone|local-fan-keys)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
