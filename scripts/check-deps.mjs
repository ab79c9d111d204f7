// House rules: imports flow web -> shared <- server. Web never imports server; shared imports neither
// and stays free of Node and DOM-only modules. A feature's only public surface is its index.ts: a file outside
// <layer>/features/<f>/ that imports any other file inside it breaks the rule. On the web, only a feature's API
// modules (its api.ts, or a <name>-api.ts beside it) and web/lib import the API client's request helpers, and the web takes API paths by group
// (shared/contracts/api-paths/), never the whole of shared/contracts/paths.ts. Fails with the offending file:line list.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The source tree to check: src/ by default, or the directory given (the rule's own test uses a fixture).
const src = path.resolve(process.argv[2] ?? path.join(root, 'src'));
const importRe =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

const rules = {
  web: { forbiddenDirs: ['server'], forbiddenPackages: [] },
  shared: {
    forbiddenDirs: ['server', 'web'],
    forbiddenPackages: [
      /^node:/,
      /^(fs|path|os|crypto|http|https|child_process|net|url|stream)$/,
      /^react/,
      /^fastify/,
      /^drizzle/,
      /^pg$/,
    ],
  },
};

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|mts)$/.test(name) ? [p] : [];
  });
}

/** Each import in a file with its specifier and `file:line` location. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importRe)].map((m) => ({
    spec: m[1] ?? m[2] ?? m[3],
    where: `${path.relative(root, file)}:${text.slice(0, m.index).split('\n').length}`,
  }));
}

const problems = [];
for (const [layer, rule] of Object.entries(rules)) {
  const dir = path.join(src, layer);
  if (!existsSync(dir)) continue;
  for (const file of files(dir)) {
    for (const { spec, where } of importsOf(file)) {
      if (spec.startsWith('.')) {
        const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
        if (rule.forbiddenDirs.includes(target))
          problems.push(`${where}: src/${layer} must not import src/${target} ('${spec}')`);
      } else if (rule.forbiddenPackages.some((re) => re.test(spec))) {
        problems.push(`${where}: src/${layer} must not import '${spec}'`);
      }
    }
  }
}

/**
 * Imports that reach past a feature's public surface: a file outside `<srcRoot>/<layer>/features/<f>/` that
 * imports a file inside it other than `index` (`./features/boards` and `./features/boards/index` both name it).
 * Files inside the feature import each other freely.
 */
export function featureBoundaryProblems(srcRoot, layer, allow = () => false) {
  const featuresDir = path.join(srcRoot, layer, 'features');
  if (!existsSync(featuresDir)) return [];
  const found = [];
  for (const file of files(path.join(srcRoot, layer))) {
    const own = path.relative(featuresDir, file).split(path.sep);
    const ownFeature = own[0] !== '..' && own.length > 1 ? own[0] : undefined;
    for (const { spec, where } of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const parts = path.relative(featuresDir, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (parts[0] === '..' || parts[0] === '' || path.isAbsolute(parts[0])) continue;
      const [feature, ...rest] = parts;
      if (feature === ownFeature) continue;
      const inner = rest.join('/').replace(/\.(ts|tsx|mts|js|mjs)$/, '');
      if (inner === '' || inner === 'index' || allow(path.relative(srcRoot, file), inner)) continue;
      found.push(
        `${where}: only ${layer}/features/${feature}/index.ts may be imported from outside the feature ('${spec}')`,
      );
    }
  }
  return found;
}

// Every feature keeps to its surface. The exceptions: the web's route table loads each page module lazily
// and directly, so that every screen stays a chunk of its own (an index re-exporting pages would merge them);
// the route preloads table, read by the build's config, takes the board screens' boards from their own small
// module (the boards index would bring every board component into the config).
// The worker threads' entry (server/worker.ts) loads each feature's tasks module, its pure CPU work, rather than
// its index (which would bring routes, services and database code into every thread).
problems.push(
  ...featureBoundaryProblems(
    src,
    'server',
    (from, inner) => from.split(path.sep).join('/') === 'server/worker.ts' && inner === 'tasks',
  ),
);
problems.push(
  ...featureBoundaryProblems(src, 'web', (from, inner) => {
    const file = from.split(path.sep).join('/');
    return (
      (file === 'web/app/router.tsx' && inner.startsWith('pages/')) ||
      (file === 'web/app/route-preloads.ts' && inner === 'board-screens')
    );
  }),
);

/**
 * The database layer is the server's floor: `server/db` imports no feature, no HTTP code and no platform module
 * (the platform's outboxes, locks and limits are built on the database), except the clock's type, a leaf.
 */
export function dbLayerProblems(srcRoot) {
  const dbDir = path.join(srcRoot, 'server', 'db');
  if (!existsSync(dbDir)) return [];
  const server = path.join(srcRoot, 'server');
  return files(dbDir).flatMap((file) =>
    importsOf(file)
      .filter(({ spec }) => {
        if (!spec.startsWith('.')) return false;
        const target = path
          .relative(server, path.resolve(path.dirname(file), spec))
          .split(path.sep)
          .join('/');
        const top = target.split('/')[0];
        if (top === 'platform') return target.replace(/\.ts$/, '') !== 'platform/clock';
        return top === 'features' || top === 'http';
      })
      .map(({ spec, where }) => `${where}: server/db must not import the platform, features or http ('${spec}')`),
  );
}
problems.push(...dbLayerProblems(src));

/**
 * Calls to FanGrid's API: in the web layer, only a feature's API modules (its `api.ts`, or a `<name>-api.ts` beside
 * it for calls some of its screens need without the rest, as the admin gate's) and `web/lib` (the client and
 * the app-wide queries) may import the request helpers of `lib/api-client`; screens call their feature's API.
 */
const apiHelperRe = /\bapi(Get|Post|Patch|Put|Delete|Upload)\b/;
export function apiCallProblems(srcRoot) {
  const web = path.join(srcRoot, 'web');
  if (!existsSync(web)) return [];
  const found = [];
  for (const file of files(web)) {
    const rel = path.relative(web, file).split(path.sep);
    const apiModule =
      rel[0] === 'features' && rel.length === 3 && /^([a-z0-9]+(-[a-z0-9]+)*-)?api\.ts$/.test(rel[2] ?? '');
    if (rel[0] === 'lib' || apiModule) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
      if (!/(^|\/)lib\/api-client(\.ts)?$/.test(m[2]) || !apiHelperRe.test(m[1])) continue;
      const line = text.slice(0, m.index).split('\n').length;
      found.push(
        `${path.relative(root, file)}:${line}: only a web feature's api.ts or <name>-api.ts (or web/lib) may call the API ('${m[2]}')`,
      );
    }
  }
  return found;
}
problems.push(...apiCallProblems(src));

/**
 * API paths on the web: each module imports its group from `shared/contracts/api-paths/`, never the whole
 * `apiPaths` of `shared/contracts/paths.ts` (the server's and the tests' view). An object reaches the bundle
 * whole, so one import of it would put every feature's paths on the first load of `/`.
 */
export function apiPathsProblems(srcRoot) {
  const web = path.join(srcRoot, 'web');
  if (!existsSync(web)) return [];
  const aggregate = path.join(srcRoot, 'shared', 'contracts', 'paths');
  return files(web).flatMap((file) =>
    importsOf(file)
      .filter(
        ({ spec }) => spec.startsWith('.') && path.resolve(path.dirname(file), spec).replace(/\.ts$/, '') === aggregate,
      )
      .map(
        ({ spec, where }) =>
          `${where}: the web imports its API paths from shared/contracts/api-paths/, not '${spec}' (all of them)`,
      ),
  );
}
problems.push(...apiPathsProblems(src));

if (problems.length > 0) {
  console.error(
    `Dependency rule broken (web -> shared <- server; features import each other's index.ts only; API calls live in api.ts; the web imports API paths by group):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('Dependency rule holds: web -> shared <- server; features import only index.ts of another.');
