import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { collectFixtures, describeFindings, findFixturesInLogs } from '../support/log-check';

/** The search that runs after the API tests (tests/support/global-setup.ts) finds what it must. */
describe('the search of the API test logs for fixture emails and phones', () => {
  const fixtures = collectFixtures(
    [path.join(projectRoot, 'tests/api'), path.join(projectRoot, 'tests/support')],
    projectRoot,
  );

  it('collects the fixtures, template literals included, and not addresses or ids', () => {
    const sources = fixtures.map((f) => f.source);
    expect(sources).toContain('+12025550191');
    expect(sources).toContain('Ada@Example.com');
    expect(sources.some((s) => s.includes('…') && s.endsWith('@example.com'))).toBe(true);
    expect(sources.some((s) => /^\d{1,3}\.\d{1,3}\./.test(s) || /^\d{8}-\d{4}-/.test(s))).toBe(false);
  });

  it('names the log file and line of every fixture written to a log, in any spelling, and nothing else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fangrid-logs-'));
    const lines = [
      { level: 30, msg: 'request completed', responseTime: 3.1220809999, time: 1795863452294 },
      {
        level: 50,
        msg: 'sign-up failed for ada@example.com',
        err: { detail: 'Key (email)=([email]) already exists.' },
      },
      { level: 40, to: '+1 (202) 555-0191', msg: 'text not sent' },
      { level: 30, msg: 'entry 2025550191 from [phone], event 401697317' },
    ];
    writeFileSync(path.join(dir, 'x.log'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const { findings, lines: read } = findFixturesInLogs(dir, fixtures);
    expect(read).toBe(4);
    expect(findings.map((f) => [path.basename(f.at), f.value])).toEqual([
      ['x.log:2', 'ada@example.com'],
      ['x.log:3', '+1 (202) 555-0191'],
      ['x.log:4', '2025550191'],
    ]);
    expect(describeFindings(findings)).toMatch(
      /x\.log:2: email ada@example\.com \(the fixture .* at tests\/api\/.*:\d+\)/,
    );
  });
});
