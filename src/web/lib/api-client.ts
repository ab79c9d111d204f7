import { type ApiErrorBody as ApiError, errorCodes, genericErrorMessage } from '../../shared/contracts/error-codes';

/** An API failure carrying the server's error shape; `message` is what the UI shows. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

function isApiError(body: unknown): body is ApiError {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof (body as ApiError).error?.message === 'string'
  );
}

/** GET a JSON resource from FanGrid's API. Response shapes are enforced by the server's serializer. */
export function apiGet<T>(path: string, init?: { signal?: AbortSignal }): Promise<T> {
  return request<T>(path, { headers: { accept: 'application/json' }, signal: init?.signal });
}

/** POST JSON to FanGrid's API (same-origin, so the browser sends the Origin the server checks). */
export function apiPost<T>(path: string, body: unknown = {}): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** PATCH JSON to FanGrid's API. */
export function apiPatch<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, {
    method: 'PATCH',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** POST a multipart form (file uploads); the browser sets the content type with its boundary. */
export function apiUpload<T>(path: string, form: FormData): Promise<T> {
  return request<T>(path, { method: 'POST', headers: { accept: 'application/json' }, body: form });
}

/** PUT JSON to FanGrid's API (replaces a resource, e.g. a profile card). */
export function apiPut<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, {
    method: 'PUT',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** DELETE a FanGrid API resource (no request body). */
export function apiDelete<T = void>(path: string): Promise<T> {
  return request<T>(path, { method: 'DELETE', headers: { accept: 'application/json' } });
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiClientError(0, errorCodes.network, 'Could not reach FanGrid. Check your connection and try again.');
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    if (isApiError(body)) {
      throw new ApiClientError(res.status, body.error.code, body.error.message, body.error.fields);
    }
    throw new ApiClientError(res.status, errorCodes.http, genericErrorMessage);
  }
  return body as T;
}
