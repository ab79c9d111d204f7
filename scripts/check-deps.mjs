// House rule: imports flow web -> shared <- server. Web never imports server; shared imports neither
// and stays free of Node and DOM-only modules. Fails with the offending file:line list.
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

const problems = [];
for (const [layer, rule] of Object.entries(rules)) {
  const dir = path.join(src, layer);
  if (!existsSync(dir)) continue;
  for (const file of files(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const line = text.slice(0, m.index).split('\n').length;
      const where = `${path.relative(root, file)}:${line}`;
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

if (problems.length > 0) {
  console.error(`Dependency rule broken (web -> shared <- server):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Dependency rule holds: web -> shared <- server.');
