/**
 * Coming back after signing in: a screen for signed-in people sends a visitor to `/login?next=<its path>`, and
 * the login screen returns there once signed in (also after signing up and confirming by the emailed link).
 * Only a path inside FanGrid is followed: anything else (another site, `//host`) is ignored.
 */
export function returnPathOf(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return undefined;
  return next;
}

/** The login screen, returning to `back` once signed in. */
export const signInPathFor = (back: string, signUp = false) =>
  `/login?next=${encodeURIComponent(back)}${signUp ? '&mode=signup' : ''}`;

/**
 * The confirmation link's destination after signing up: the login screen, then `back`. A return the server's
 * callback rule would refuse (characters past letters, digits, `-`, `_`, `.` and escapes) is left out.
 */
export function confirmedPathFor(back: string | undefined): string {
  const encoded = back ? encodeURIComponent(back) : '';
  return /^[\w.%-]+$/.test(encoded) ? `/login?confirmed=1&next=${encoded}` : '/login?confirmed=1';
}
