import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser's code writes numbers, money, dates and times through src/shared/domain/en-us.ts and
 * wall-clock.ts, not Intl: the first Intl object or locale call a page makes loads the browser's locale
 * data (about 200 ms of main thread on a phone-class CPU), and a formatter built per call costs about 2 ms
 * there. This finds every Intl object and locale call in the code the browser runs (src/web and
 * src/shared), apart from the few kept on purpose below.
 */
const allowed = new Map<string, string>([
  // A flag emoji's country name for screen readers: 250 region names, only on the soccer screens.
  ['src/shared/domain/flags.ts', 'Intl.DisplayNames'],
  // Drivers' and teams' names with accents ('Pérez'), sorted as people read them, on the F1 and soccer screens.
  ['src/shared/domain/f1.ts', 'localeCompare'],
  ['src/shared/domain/soccer.ts', 'localeCompare'],
]);
const pattern = /\bIntl\.\w+|\.toLocale\w*\(|\.localeCompare\(/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.tsx?$/.test(e.name) ? [file] : [];
  });
}

describe('formatting without Intl in the browser code', () => {
  it('uses en-us.ts and wall-clock.ts instead of Intl and toLocaleString', () => {
    const found: string[] = [];
    for (const file of [...sources('src/web'), ...sources('src/shared')]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(pattern)) {
        if (allowed.get(file) === m[0].replace(/^\./, '').replace(/\($/, '')) continue;
        const line = text.slice(0, m.index).split('\n').length;
        found.push(`${file}:${line} ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('finds what it looks for', () => {
    const sample = 'n.toLocaleString(); new Intl.NumberFormat(); a.localeCompare(b); d.toLocaleDateString()';
    expect([...sample.matchAll(pattern)].map((m) => m[0])).toEqual([
      '.toLocaleString(',
      'Intl.NumberFormat',
      '.localeCompare(',
      '.toLocaleDateString(',
    ]);
  });
});
