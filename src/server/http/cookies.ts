/** Minimal cookie helpers for FanGrid's own cookies (Better Auth manages its session cookies itself). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function serializeCookie(
  name: string,
  value: string,
  opts: { maxAgeSeconds: number; secure: boolean; sameSite?: 'Strict' | 'Lax'; path?: string },
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${opts.path ?? '/'}`,
    `Max-Age=${Math.max(0, Math.floor(opts.maxAgeSeconds))}`,
    'HttpOnly',
    `SameSite=${opts.sameSite ?? 'Strict'}`,
  ];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The headers a session lookup needs: only the request's cookie (none for a visitor without one). */
export function sessionHeaders(cookie: string | undefined): Headers {
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  return headers;
}
