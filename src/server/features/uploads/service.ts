import { randomUUID } from 'node:crypto';
import { apiPaths } from '../../../shared/contracts/paths';
import type { Clock } from '../../platform/clock';
import type { BlobStorage, StoredObject } from '../../platform/storage';
import { contentTypeOfName, type ImageContentType, type InspectedImage, inspectImage } from './image-types';
import type { UploadsRepo } from './repo';

export interface StoredImage {
  name: string;
  /** Same-origin path it is served at. */
  path: string;
  /** The public address of that path. */
  url: string;
  contentType: ImageContentType;
  bytes: number;
}

/** Stored images: checked by their bytes, kept under a server-made name, served from /uploads. */
export function createUploadsService(deps: {
  repo: UploadsRepo;
  storage: BlobStorage;
  clock: Clock;
  publicUrl: string;
}) {
  const { repo, storage, clock, publicUrl } = deps;
  return {
    /**
     * Inspects the bytes and, when they are an image FanGrid takes, stores them (an SVG in its sanitized
     * form) under a random name. Returns the refusal reason otherwise; nothing is written then.
     */
    async storeImage(
      bytes: Uint8Array,
      purpose: string,
    ): Promise<{ ok: true; image: StoredImage } | Extract<InspectedImage, { ok: false }>> {
      const inspected = inspectImage(bytes);
      if (!inspected.ok) return inspected;
      const name = `${randomUUID()}.${inspected.ext}`;
      await storage.put(name, inspected.bytes, inspected.contentType);
      try {
        await repo.insert({
          name,
          contentType: inspected.contentType,
          bytes: inspected.bytes.byteLength,
          purpose,
          createdAt: clock.now(),
        });
      } catch (err) {
        await storage.delete(name).catch(() => {});
        throw err;
      }
      const path = apiPaths.uploads(name);
      return {
        ok: true,
        image: {
          name,
          path,
          url: `${publicUrl}${path}`,
          contentType: inspected.contentType,
          bytes: inspected.bytes.byteLength,
        },
      };
    },

    /** A stored upload to serve, or undefined for a name that is not one. */
    async open(name: string): Promise<(StoredObject & { contentType: ImageContentType }) | undefined> {
      const contentType = contentTypeOfName(name);
      if (!contentType) return undefined;
      const found = await storage.get(name);
      return found && { ...found, contentType };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
