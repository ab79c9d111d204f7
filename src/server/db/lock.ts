import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data directory is already in use by another FanGrid process (pid ${pid}). ` +
        `Stop that process first, or start this one with a different DATA_DIR. Lock file: ${lockFile}`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes on one data dir corrupt it. This takes an
 * exclusive lock file (created with O_EXCL) holding our pid; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dir: string): { release(): void } {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'fangrid.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(lockFile);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(lockFile, pid);
      }
      // Stale lock from a crashed process (or unreadable): remove and retry.
      try {
        unlinkSync(lockFile);
      } catch {
        // another process may have removed it first; retry decides
      }
    }
  }
  throw new Error(`Could not take the data directory lock at ${lockFile}`);
}
