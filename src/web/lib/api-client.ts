import { type ApiErrorBody as ApiError, genericErrorMessage } from '../../shared/contracts/error-codes';

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
export async function apiGet<T>(path: string, init?: { signal?: AbortSignal }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { accept: 'application/json' }, signal: init?.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiClientError(0, 'NETWORK', 'Could not reach FanGrid. Check your connection and try again.');
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    if (isApiError(body)) {
      throw new ApiClientError(res.status, body.error.code, body.error.message, body.error.fields);
    }
    throw new ApiClientError(res.status, 'HTTP_ERROR', genericErrorMessage);
  }
  return body as T;
}
