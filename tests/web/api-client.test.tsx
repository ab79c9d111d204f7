import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { ApiClientError, apiGet, apiPost } from '../../src/web/lib/api-client';

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

  it('still returns an unchecked answer without a schema', async () => {
    answer(200, { anything: true });
    const signal = new AbortController().signal;
    await expect(apiGet('/api/x', { signal })).resolves.toEqual({ anything: true });
  });
});
