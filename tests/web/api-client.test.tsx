import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { cancelLocal } from '../../src/web/features/payments/api';
import {
  ApiClientError,
  apiGet,
  apiPost,
  isUnavailableError,
  lazySchema,
  unavailableMessage,
} from '../../src/web/lib/api-client';
import { checkedBy } from '../../src/web/lib/compiled-check';

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.restoreAllMocks());

describe('api client with a response contract', () => {
  const schema = z.object({ status: z.enum(['paid', 'pending']) });

  it('returns the parsed answer when it keeps its contract (zod or zod/mini)', async () => {
    answer(200, { status: 'paid', extra: 1 });
    await expect(apiGet('/api/x', schema)).resolves.toEqual({ status: 'paid' });
    answer(200, { status: 'pending' });
    await expect(apiPost('/api/x', {}, zm.object({ status: zm.string() }))).resolves.toEqual({ status: 'pending' });
  });

  it('fails like any call, with the generic message, when the answer breaks its contract', async () => {
    answer(200, { status: 'shipped' });
    const err = await apiGet('/api/x', schema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({ status: 200, code: 'UNKNOWN', message: 'An unexpected error occurred' });
  });

  it("keeps the server's error over the contract, and passes the abort signal", async () => {
    const fetch = answer(409, { error: { code: 'BOARD_FULL', message: 'This board is full.' } });
    const signal = new AbortController().signal;
    await expect(apiGet('/api/x', schema, { signal })).rejects.toMatchObject({ code: 'BOARD_FULL' });
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(signal);
  });

  it('loads a lazy contract beside the request and parses with it', async () => {
    const fetch = answer(200, { status: 'paid' });
    let loaded = false;
    const lazy = lazySchema(async () => {
      // The request is already on its way when the contract's module is asked for.
      loaded = fetch.mock.calls.length === 0;
      return schema;
    });
    await expect(apiGet('/api/x', lazy)).resolves.toEqual({ status: 'paid' });
    expect(loaded).toBe(true);
    answer(200, { status: 'shipped' });
    await expect(apiGet('/api/x', lazy)).rejects.toMatchObject({ code: 'UNKNOWN' });
  });

  it('fails as a network failure when a lazy contract cannot be loaded, with nothing left unhandled', async () => {
    answer(200, { status: 'paid' });
    const lazy = lazySchema<{ status: string }>(() => Promise.reject(new Error('chunk failed')));
    await expect(apiGet('/api/x', lazy)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await expect(apiGet('/api/x', lazy)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('takes a compiled check: the answer as sent when it passes, the generic failure when not', async () => {
    const check = checkedBy<{ ok: true }>(
      (d) => typeof d === 'object' && d !== null && (d as { ok?: unknown }).ok === true,
    );
    answer(200, { ok: true });
    await expect(apiGet('/api/x', check)).resolves.toEqual({ ok: true });
    answer(200, { ok: 'yes' });
    await expect(apiGet('/api/x', check)).rejects.toMatchObject({ code: 'UNKNOWN' });
  });
});

/** A contract that takes any answer: these tests are about refusals, which fail before any parsing. */
const anyAnswer = z.unknown();

describe('api client request bodies', () => {
  const ok = z.object({ redirectUrl: z.string() });
  const sent = (fetch: ReturnType<typeof answer>) => {
    const init = fetch.mock.calls[0]?.[1];
    return { headers: new Headers(init?.headers), body: init?.body };
  };

  it('posts JSON with its content type when the call has a body', async () => {
    const fetch = answer(200, { redirectUrl: '/x' });
    await apiPost('/api/x', { a: 1 }, ok);
    expect(sent(fetch).headers.get('content-type')).toBe('application/json');
    expect(sent(fetch).body).toBe('{"a":1}');
  });

  it('posts neither a body nor a JSON content type for a call without one (the server refuses empty JSON)', async () => {
    const fetch = answer(200, { redirectUrl: '/boards/lakers-warriors' });
    await expect(cancelLocal('cs_local_1')).resolves.toEqual({ redirectUrl: '/boards/lakers-warriors' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/payments/local/cs_local_1/cancel');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(sent(fetch).headers.has('content-type')).toBe(false);
    expect(sent(fetch).body).toBeUndefined();
  });
});

describe('api client while FanGrid cannot serve', () => {
  it("says 503 UNAVAILABLE in the browser's words, with the Retry-After", async () => {
    expect(unavailableMessage).toBe("We can't reach FanGrid right now. Please try again in a moment.");
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'UNAVAILABLE',
            message: "FanGrid can't reach its database right now. Please try again in a moment.",
          },
        }),
        { status: 503, headers: { 'retry-after': '5' } },
      ),
    );
    const err = await apiPost('/api/boards/x/entries', { phone: '+12025550186' }, anyAnswer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: unavailableMessage, retryAfterSeconds: 5 });
    expect(isUnavailableError(err)).toBe(true);
  });

  it("says the same for a proxy's 502/503/504 page without FanGrid's error shape", async () => {
    for (const status of [502, 503, 504]) {
      vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>Bad Gateway</html>', { status }));
      const err = await apiGet('/api/boards/x', anyAnswer).catch((e: unknown) => e);
      expect(err, String(status)).toMatchObject({ status, code: 'HTTP_ERROR', message: unavailableMessage });
      expect(isUnavailableError(err)).toBe(true);
    }
  });

  it("keeps other failures' own messages: a 500, a 429, and a body without the shape keep the usual message", async () => {
    answer(500, { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
    const internal = await apiGet('/api/x', anyAnswer).catch((e: unknown) => e);
    expect(internal).toMatchObject({ status: 500, message: 'An unexpected error occurred' });
    expect(isUnavailableError(internal)).toBe(false);
    answer(429, { error: { code: 'ENTRY_RATE_LIMITED', message: 'Please wait a minute.' } });
    expect(await apiGet('/api/x', anyAnswer).catch((e: unknown) => e)).toMatchObject({
      message: 'Please wait a minute.',
    });
    answer(500, 'not json');
    expect(isUnavailableError(await apiGet('/api/x', anyAnswer).catch((e: unknown) => e))).toBe(false);
  });
});
