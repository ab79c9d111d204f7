import type { Readable } from 'node:stream';

/** A stored object as read back: a stream of its bytes and its length. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * The storage platform: where uploaded files live. Disk under DATA_DIR/uploads by default; an
 * S3-compatible bucket when S3_* is configured. Keys are server-made names (see `isStorageKey`); callers
 * never pass anything a client chose.
 */
export interface BlobStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under `key`; refuses to replace an existing object. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or undefined when there is none under `key`. */
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Releases connections (S3); nothing to do for disk. */
  close?(): void;
}

/** A flat name of letters, digits, dots, dashes and underscores: no slashes, no '..', no leading dot. */
export function isStorageKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/.test(key) && key.length <= 200;
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`storage: refusing key ${JSON.stringify(key)}`);
}
