import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The proof that logs carry no personal data: every email address and phone number the API tests use (read from
 * their sources, template literals included) is looked for in the log lines the API apps wrote during the run.
 */

/** A fixture value as a matcher: a literal, or a template literal whose `${…}` parts match anything. */
interface Fixture {
  kind: 'email' | 'phone';
  /** As written in the source (`…` for each `${…}`), for the failure message. */
  source: string;
  /** Where it is written: file:line. */
  at: string;
  test: (candidate: string) => boolean;
}

const placeholder = /\$\{(?:[^{}]|\{[^{}]*\})*\}/g;
/** Stands for a `${…}` while a template literal is read (a private-use character no source uses). */
const HOLE = '\uE000';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Candidates in a log line: email-like and phone-like runs. */
const emailLike = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const phoneLike = /(?<![\w.])\+?\d(?:[ ()-]{0,2}\d){6,16}(?![\w.])/g;

const digitsOf = (s: string) => s.replace(/\D/g, '');
/** A phone number in the forms it may be logged in: its last 10 digits are what identify it. */
const phoneKey = (digits: string) => digits.slice(-10);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Every email address and phone number (10 digits, or 8 after a +) written in string literals under `dirs`. */
export function collectFixtures(dirs: string[], root: string): Fixture[] {
  const fixtures: Fixture[] = [];
  const seen = new Set<string>();
  for (const file of dirs.flatMap((d) => walk(d))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((raw, i) => {
      const line = raw.replace(placeholder, HOLE);
      const at = `${path.relative(root, file)}:${i + 1}`;
      for (const m of line.matchAll(/[A-Za-z0-9._%+\-\uE000]+@[A-Za-z0-9.\-\uE000]+\.[A-Za-z\uE000]{2,}/g)) {
        const text = m[0];
        if (seen.has(`e:${text}`)) continue;
        seen.add(`e:${text}`);
        const source = text.replaceAll(HOLE, '…');
        if (!text.includes(HOLE)) {
          const lower = text.toLowerCase();
          fixtures.push({ kind: 'email', source, at, test: (c) => c.toLowerCase() === lower });
        } else {
          const re = new RegExp(`^${text.split(HOLE).map(escapeRegExp).join('[A-Za-z0-9._%+-]*')}$`, 'i');
          fixtures.push({ kind: 'email', source, at, test: (c) => re.test(c) });
        }
      }
      // Phone numbers as the tests write them: digits, spaces, brackets, dashes, a leading + (not addresses or ids).
      for (const m of line.matchAll(/['"`](\+?[\d(\uE000][\d ()\-\uE000]{6,}[\d\uE000])['"`]/g)) {
        const text = m[1] ?? '';
        const holes = text.split(HOLE).length - 1;
        const digits = digitsOf(text).length;
        if (
          digits + 3 * holes < (text.startsWith('+') ? 8 : 10) ||
          digits > 15 ||
          /^\d{8}-\d{4}-/.test(text) ||
          seen.has(`p:${text}`)
        )
          continue;
        seen.add(`p:${text}`);
        const source = text.replaceAll(HOLE, '…');
        if (holes === 0) {
          const key = phoneKey(digitsOf(text));
          fixtures.push({ kind: 'phone', source, at, test: (c) => phoneKey(digitsOf(c)) === key });
        } else {
          // Digits only: the template's digits with up to 8 digits for each `${…}`, the whole candidate.
          const re = new RegExp(
            `^${text
              .replace(/[^\d\uE000]/g, '')
              .split(HOLE)
              .join('\\d{0,8}')}$`,
          );
          fixtures.push({ kind: 'phone', source, at, test: (c) => re.test(digitsOf(c)) });
        }
      }
    });
  }
  return fixtures;
}

export interface Finding {
  /** The log file and line. */
  at: string;
  value: string;
  fixture: Fixture;
}

/** Looks for every fixture in every log line under `logDir`. */
export function findFixturesInLogs(logDir: string, fixtures: Fixture[]) {
  const emails = fixtures.filter((f) => f.kind === 'email');
  const phones = fixtures.filter((f) => f.kind === 'phone');
  const findings: Finding[] = [];
  let lines = 0;
  let files = 0;
  for (const file of readdirSync(logDir).filter((n) => n.endsWith('.log'))) {
    files++;
    readFileSync(path.join(logDir, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line === '') return;
        lines++;
        const at = `${path.join(logDir, file)}:${i + 1}`;
        if (line.includes('@')) {
          for (const [value] of line.matchAll(emailLike)) {
            const fixture = emails.find((f) => f.test(value));
            if (fixture) findings.push({ at, value, fixture });
          }
        }
        for (const [value] of line.matchAll(phoneLike)) {
          if (digitsOf(value).length < 8) continue;
          const fixture = phones.find((f) => f.test(value));
          if (fixture) findings.push({ at, value, fixture });
        }
      });
  }
  return { findings, lines, files };
}

/** One line per finding (at most 20), naming the log file and line and where the test wrote the value. */
export function describeFindings(findings: Finding[]): string {
  const shown = findings
    .slice(0, 20)
    .map((f) => `  ${f.at}: ${f.fixture.kind} ${f.value} (the fixture ${f.fixture.source} at ${f.fixture.at})`);
  const more = findings.length > 20 ? [`  … and ${findings.length - 20} more`] : [];
  return [`Personal data in the API test logs (${findings.length}):`, ...shown, ...more].join('\n');
}
