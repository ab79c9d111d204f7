// `npm start`: build when the sources are newer than the build, then run the server (which migrates,
// seeds the demo content and serves web + API).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['dist/web/index.html', 'dist/server/main.js', 'dist/server/worker.js'].map((f) => path.join(root, f));
const inputs = ['src', 'package-lock.json', 'vite.config.ts'].map((f) => path.join(root, f));

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map(newest));
if (builtAt < changedAt) {
  console.log('FanGrid: building the app (sources changed since the last build)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('FanGrid: the build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

await import(path.join(root, 'dist/server/main.js'));
