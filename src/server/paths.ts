import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, found by walking up to package.json (works from src/ under tsx/vitest and from dist/). */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('FanGrid: could not find the project root (no package.json above the server code)');
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const migrationsDir = path.join(projectRoot, 'src/server/db/migrations');
export const webDistDir = path.join(projectRoot, 'dist/web');
export const scoresFixturesDir = path.join(projectRoot, 'src/server/platform/scores/fixtures');
/** Recorded real games the demo replays as games in progress (platform/scores/demo.ts). */
export const scoresReplaysDir = path.join(projectRoot, 'src/server/platform/scores/replays');

/**
 * The worker threads' entry: the bundle's dist/server/worker.js beside main.js, or src/server/worker.ts when the
 * server runs from its TypeScript sources (vitest, tsx), which platform/workers runs with tsx's loader.
 */
export const workerEntry = import.meta.url.endsWith('.ts')
  ? path.join(projectRoot, 'src/server/worker.ts')
  : fileURLToPath(new URL('./worker.js', import.meta.url));
