import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStorage, createDiskStorage, createS3Storage, isStorageKey } from '../../src/server/platform/storage';

const read = async (storage: BlobStorage, key: string) => {
  const found = await storage.get(key);
  return found && { size: found.size, text: await text(found.body) };
};

describe('storage keys', () => {
  it('are flat server-made names: no separators, no dot-dot, no hidden files', () => {
    for (const ok of ['3f1e.png', 'a', 'logo-1_2.svg', 'x.tar.gz']) expect(isStorageKey(ok), ok).toBe(true);
    for (const bad of [
      '',
      '../x.png',
      'a/b.png',
      'a\\b.png',
      '.hidden',
      'x..png',
      'x.',
      '/etc/passwd',
      'a b.png',
      'x'.repeat(201),
    ]) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
  });
});

describe('disk storage', () => {
  let dir: string;
  let storage: BlobStorage;
  beforeAll(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'fangrid-disk-')), 'uploads');
    storage = createDiskStorage(dir);
  });
  afterAll(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('creates its folder, stores, reads back and deletes, leaving no temporary files', async () => {
    await storage.put('one.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    expect(await read(storage, 'one.svg')).toEqual({ size: 6, text: '<svg/>' });
    expect(readdirSync(dir)).toEqual(['one.svg']);
    await storage.delete('one.svg');
    expect(await storage.get('one.svg')).toBeUndefined();
    await storage.delete('one.svg');
  });

  it('never replaces an existing file and refuses keys that could leave its folder', async () => {
    await storage.put('keep.png', Buffer.from('first'), 'image/png');
    await expect(storage.put('keep.png', Buffer.from('second'), 'image/png')).rejects.toThrow(/already exists/);
    expect((await read(storage, 'keep.png'))?.text).toBe('first');
    writeFileSync(path.join(path.dirname(dir), 'secret.txt'), 'secret');
    for (const key of ['../secret.txt', '..', 'sub/../../secret.txt']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/refusing key/);
      await expect(storage.get(key)).rejects.toThrow(/refusing key/);
      await expect(storage.delete(key)).rejects.toThrow(/refusing key/);
    }
  });
});

/** A stand-in for an S3-compatible service (path-style), enough for PutObject, GetObject and DeleteObject. */
describe('S3 storage (AWS SDK v3) against a local S3-compatible server', () => {
  let server: Server;
  let endpoint = '';
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: Array<{ method: string; url: string; auth: string; sha: string }> = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = (req.url ?? '').split('?')[0] ?? '';
      requests.push({
        method: req.method ?? '',
        url,
        auth: String(req.headers.authorization ?? ''),
        sha: String(req.headers['x-amz-content-sha256'] ?? ''),
      });
      if (req.method === 'PUT') {
        objects.set(url, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        res.writeHead(200, { etag: '"abc"' }).end();
      } else if (req.method === 'GET') {
        const found = objects.get(url);
        if (!found) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
      } else if (req.method === 'DELETE') {
        objects.delete(url);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and deletes objects under the prefix, signed with the configured key', async () => {
    const storage = createS3Storage({
      bucket: 'fangrid-logos',
      region: 'eu-west-1',
      endpoint,
      accessKeyId: 'AKIDFANGRIDTEST',
      secretAccessKey: 'secret-key-for-tests',
      forcePathStyle: true,
      prefix: 'uploads/',
    });
    await storage.put('9b2c.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(objects.get('/fangrid-logos/uploads/9b2c.svg')).toEqual({
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      type: 'image/svg+xml',
    });
    expect(requests[0]?.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDFANGRIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request/,
    );
    expect(await read(storage, '9b2c.svg')).toEqual({ size: 41, text: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    expect(await storage.get('missing.png')).toBeUndefined();
    await storage.delete('9b2c.svg');
    expect(objects.size).toBe(0);
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/refusing key/);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /fangrid-logos/uploads/9b2c.svg',
      'GET /fangrid-logos/uploads/9b2c.svg',
      'GET /fangrid-logos/uploads/missing.png',
      'DELETE /fangrid-logos/uploads/9b2c.svg',
    ]);
    storage.close?.();
  });
});
