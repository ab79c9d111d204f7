import { type ApiErrorBody as ApiError, errorCodes, genericErrorMessage } from '../../shared/contracts/error-codes';

/** An API failure carrying the server's error shape; `message` is what the UI shows. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** A refusal's Retry-After in seconds (a 429 or 503 that says how long to wait), when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/**
 * What the browser says while FanGrid cannot serve (503 UNAVAILABLE: its database is unreachable, or a proxy's
 * 502/503/504 page): the fan's input stays on the form, and sending again in a moment works.
 */
export const unavailableMessage = "We can't reach FanGrid right now. Please try again in a moment.";

/** Statuses a proxy answers without FanGrid's error shape when no FanGrid instance can serve. */
const gatewayStatuses = new Set([502, 503, 504]);

/** Whether a call failed because FanGrid could not serve it just now (its message is `unavailableMessage`). */
export const isUnavailableError = (err: unknown): boolean =>
  err instanceof ApiClientError && err.message === unavailableMessage;

/** Retry-After as seconds from now: either delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterOf(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d{1,9}$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function isApiError(body: unknown): body is ApiError {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof (body as ApiError).error?.message === 'string'
  );
}

/**
 * A response contract: a zod or zod/mini schema (anything with zod's `safeParse`). Typed by shape, so this
 * file imports no zod and the entry bundle stays small.
 */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * A contract loaded beside its request (`lazySchema(() => import('../checks/…').then((m) => m.…))`): the check's
 * module travels in parallel with the answer, so a screen whose data a route starts asking for early keeps its
 * check off the first load.
 */
export interface LazySchema<T> {
  loadContract(): Promise<ResponseSchema<T>>;
}

export const lazySchema = <T>(loadContract: () => Promise<ResponseSchema<T>>): LazySchema<T> => ({ loadContract });

type Contract<T> = ResponseSchema<T> | LazySchema<T>;

type GetInit = { signal?: AbortSignal | undefined };

/**
 * GET a JSON resource from FanGrid's API, parsed with its contract: one that does not parse fails like any
 * call (an ApiClientError with the generic message).
 */
export function apiGet<T>(path: string, schema: Contract<T>, init?: GetInit): Promise<T> {
  return request<T>(path, { headers: { accept: 'application/json' }, signal: init?.signal }, schema);
}

/**
 * A JSON request's method, headers and body. A call without a body (`undefined`) sends no body and no
 * content type: the server refuses an empty body declared as JSON (400).
 */
const jsonBody = (method: string, body: unknown): RequestInit =>
  body === undefined
    ? { method, headers: { accept: 'application/json' } }
    : {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      };

/**
 * POST JSON to FanGrid's API (same-origin, so the browser sends the Origin the server checks), the answer
 * parsed with its contract (see apiGet). `undefined` as the body posts none (an action on the path alone).
 */
export function apiPost<T>(path: string, body: unknown, schema: Contract<T>): Promise<T> {
  return request<T>(path, jsonBody('POST', body), schema);
}

/** PATCH JSON to FanGrid's API, the answer parsed with its contract. */
export function apiPatch<T>(path: string, body: unknown, schema: ResponseSchema<T>): Promise<T> {
  return request<T>(path, jsonBody('PATCH', body), schema);
}

/** POST a multipart form (file uploads); the browser sets the content type with its boundary. */
export function apiUpload<T>(path: string, form: FormData, schema: ResponseSchema<T>): Promise<T> {
  return request<T>(path, { method: 'POST', headers: { accept: 'application/json' }, body: form }, schema);
}

/** PUT JSON to FanGrid's API (replaces a resource, e.g. a profile card), the answer parsed with its contract. */
export function apiPut<T>(path: string, body: unknown, schema: ResponseSchema<T>): Promise<T> {
  return request<T>(path, jsonBody('PUT', body), schema);
}

/** DELETE a FanGrid API resource (no request body), the answer parsed with its contract (`lib/no-content.ts` for 204). */
export function apiDelete<T = void>(path: string, schema: ResponseSchema<T>): Promise<T> {
  return request<T>(path, { method: 'DELETE', headers: { accept: 'application/json' } }, schema);
}

const networkError = () =>
  new ApiClientError(0, errorCodes.network, 'Could not reach FanGrid. Check your connection and try again.');

async function request<T>(path: string, init: RequestInit, contract: Contract<T>): Promise<T> {
  // A lazy contract's module is asked for at once, beside the request; a failure to load it is settled here so
  // that it cannot go unhandled while the request is still on its way.
  const loading =
    'loadContract' in contract
      ? contract.loadContract().then(
          (schema) => ({ schema }),
          () => ({ schema: undefined }),
        )
      : undefined;
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const retryAfter = retryAfterOf(res.headers.get('retry-after'));
    if (isApiError(body)) {
      const unavailable = res.status === 503 && body.error.code === errorCodes.unavailable;
      throw new ApiClientError(
        res.status,
        body.error.code,
        unavailable ? unavailableMessage : body.error.message,
        body.error.fields,
        retryAfter,
      );
    }
    if (gatewayStatuses.has(res.status)) {
      throw new ApiClientError(res.status, errorCodes.http, unavailableMessage, undefined, retryAfter);
    }
    throw new ApiClientError(res.status, errorCodes.http, genericErrorMessage);
  }
  const schema = loading ? (await loading).schema : (contract as ResponseSchema<T>);
  if (!schema) throw networkError();
  const parsed = schema.safeParse(body);
  // An answer that breaks its contract changes nothing: the screen shows the generic failure.
  if (!parsed.success) throw new ApiClientError(res.status, errorCodes.unknown, genericErrorMessage);
  return parsed.data;
}
