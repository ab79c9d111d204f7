import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type BlobStorage } from './storage';

/**
 * Files in one directory (DATA_DIR/uploads). A write goes to a temporary file first and is renamed into
 * place, so a reader never sees half a file; an existing name is never overwritten.
 */
export function createDiskStorage(dir: string): BlobStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.join(root, key);
    // Belt and braces: the key pattern already rules out separators and '..'.
    if (path.dirname(file) !== root) throw new Error(`storage: ${key} is outside ${root}`);
    return file;
  };
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => {
    ready ??= mkdir(root, { recursive: true });
    return ready;
  };

  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = fileOf(key);
      await ensureDir();
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (exists) throw new Error(`storage: ${key} already exists`);
      const temp = `${file}.${randomUUID()}.part`;
      const handle = await open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { body: createReadStream(file), size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
