import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../src/server/db/lock';

const dirs: string[] = [];
function tempDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'fangrid-lock-'));
  dirs.push(d);
  return d;
}

describe('acquireDataDirLock', () => {
  const children: Array<{ kill(): void }> = [];
  afterEach(() => {
    for (const c of children.splice(0)) c.kill();
  });

  it('writes our pid and removes the lock on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const file = path.join(dir, 'fangrid.lock');
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(file)).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a data dir held by another live process, naming its pid', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(other);
    writeFileSync(path.join(dir, 'fangrid.lock'), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`another FanGrid process \\(pid ${other.pid}\\)`));
    // The other process's lock is left alone.
    expect(readFileSync(path.join(dir, 'fangrid.lock'), 'utf8')).toBe(String(other.pid));
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(path.join(dir, 'fangrid.lock'), String(gone.pid));
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'fangrid.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'fangrid.lock'), 'garbage');
    const lock = acquireDataDirLock(dir);
    lock.release();
  });
});
