const hex = (ch: string, upper: boolean) => {
  const code = `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
  return upper ? code.toUpperCase() : code;
};

/**
 * Other spellings of one path that a lenient router, proxy or URL parser may read as the same path:
 * every character percent-encoded one at a time (lower- and upper-case hex), all of them at once, double
 * encoding, encoded slashes and dots, dot segments, doubled and trailing slashes, backslashes, matrix
 * parameters, case changes, a query or fragment, and the absolute form of the request target.
 */
export function pathSpellings(path: string): string[] {
  const out = new Set<string>();
  const chars = [...path];
  chars.forEach((ch, i) => {
    if (ch === '/') return;
    for (const upper of [false, true]) {
      out.add([...chars.slice(0, i), hex(ch, upper), ...chars.slice(i + 1)].join(''));
    }
    // Double encoding: %2561 decodes to %61, then to `a`.
    out.add([...chars.slice(0, i), `%25${hex(ch, false).slice(1)}`, ...chars.slice(i + 1)].join(''));
  });
  out.add(chars.map((ch) => (ch === '/' ? ch : hex(ch, true))).join(''));
  const segments = path.split('/').slice(1);
  const join = (parts: string[]) => `/${parts.join('/')}`;
  for (let i = 1; i < segments.length; i++) {
    const before = segments.slice(0, i);
    const after = segments.slice(i);
    out.add(`${join(before)}%2F${after.join('/')}`);
    out.add(`${join(before)}%2f${after.join('/')}`);
    out.add(`${join(before)}\\${after.join('/')}`);
    out.add(`${join(before)}//${after.join('/')}`);
    out.add(`${join(before)}/./${after.join('/')}`);
    out.add(`${join(before)}/%2e/${after.join('/')}`);
    out.add(`${join(before)}/x/../${after.join('/')}`);
    out.add(`${join(before)}/x/%2e%2e/${after.join('/')}`);
    out.add(`${join(before)}/x/%2E%2E%2F${after.join('/')}`);
    out.add(`${join(before)};x=1/${after.join('/')}`);
    out.add(join([...before.slice(0, -1), (before.at(-1) ?? '').toUpperCase(), ...after]));
  }
  out.add(`/${path}`);
  out.add(`${path}/`);
  out.add(`${path}//`);
  out.add(`${path}/.`);
  out.add(`${path};jsessionid=1`);
  out.add(`${path}?`);
  out.add(`${path}?next=/api/health`);
  out.add(`${path}#top`);
  out.add(path.toUpperCase());
  out.add(path.replace(/(^|\/)(\w)/g, (_m, slash: string, ch: string) => slash + ch.toUpperCase()));
  out.add(`/./${path.slice(1)}`);
  out.add(`/api/../${path.slice(1)}`);
  out.delete(path);
  return [...out];
}
