import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, type BlobStorage } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); AWS itself when unset. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** host/bucket/key (true, what most S3-compatible services need) or bucket.host/key (false). */
  forcePathStyle: boolean;
  /** Prefix of every object's key in the bucket, e.g. 'uploads/'. */
  prefix: string;
}

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * An S3-compatible bucket through the AWS SDK v3 client, loaded on first use so a disk-only server
 * never pays for it. Credentials come only from the settings (config.ts), never from the SDK's own
 * environment or profile lookup. Checksums are sent and checked only where the API requires them,
 * which S3-compatible services other than AWS accept.
 */
export function createS3Storage(settings: S3Settings): BlobStorage {
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    }));
    return loaded;
  };
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${settings.prefix}${key}`;
  };

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
        if (!res.Body) return undefined;
        const body = res.Body instanceof Readable ? res.Body : Readable.from(await res.Body.transformToByteArray());
        return { body, size: res.ContentLength ?? 0 };
      } catch (err) {
        const missing =
          err instanceof sdk.S3ServiceException &&
          (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
        if (missing) return undefined;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
    },
    close() {
      void loaded?.then(({ client }) => client.destroy());
    },
  };
}
