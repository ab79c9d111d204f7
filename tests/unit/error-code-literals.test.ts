import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminErrorCodes } from '../../src/shared/contracts/admin';
import { authErrorCodes } from '../../src/shared/contracts/auth-messages';
import { boardStreamErrorCodes } from '../../src/shared/contracts/board-events';
import { boardErrorCodes } from '../../src/shared/contracts/boards';
import { errorCodes } from '../../src/shared/contracts/error-codes';
import { fanCentralErrorCodes } from '../../src/shared/contracts/fan-central';
import { orgErrorCodes } from '../../src/shared/contracts/orgs';
import { partnerErrorCodes } from '../../src/shared/contracts/partners';
import { paymentErrorCodes } from '../../src/shared/contracts/payments';
import { smsErrorCodes } from '../../src/shared/contracts/sms';
import { trackedGameErrorCodes } from '../../src/shared/contracts/tracked-games';

/**
 * Error codes are named once, in shared/contracts, and the server and the web use those constants: a code
 * written out as a string in src/server or src/web is a copy that can drift from what the other side reads.
 */
const codes = new Set<string>(
  [
    errorCodes,
    authErrorCodes,
    adminErrorCodes,
    boardErrorCodes,
    boardStreamErrorCodes,
    fanCentralErrorCodes,
    orgErrorCodes,
    partnerErrorCodes,
    paymentErrorCodes,
    smsErrorCodes,
    trackedGameErrorCodes,
  ].flatMap((group) => Object.values(group)),
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sources(full);
    return /\.tsx?$/.test(d.name) ? [full] : [];
  });
}

const files = [...sources(path.resolve('src/server')), ...sources(path.resolve('src/web'))];

/** Codes of Node (errno), Fastify and PostgreSQL that the server reads from their errors: not ours to name. */
const outsideCode = /^(E[A-Z]+|FST_[A-Z_]+|P\d{4})$/;

/** Every spelling of a code given or compared as a literal, with where it was found. */
function literalCodes(text: string): string[] {
  const found: string[] = [];
  // Any known code written as a string, wherever it stands.
  for (const m of text.matchAll(/(['"`])([A-Z][A-Z0-9_]+)\1/g)) {
    if (codes.has(m[2] as string)) found.push(m[2] as string);
  }
  // A new code given to an error where a constant belongs: the error classes and the one error body.
  for (const m of text.matchAll(
    /\b(?:AppError|TooManyRequestsError|ApiClientError|localError|errorBody)\(([^;]{0,300})/g,
  )) {
    for (const lit of (m[1] as string).matchAll(/['"`]([A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{4,})['"`]/g)) {
      found.push(lit[1] as string);
    }
  }
  // A code compared as a string.
  for (const m of text.matchAll(/\bcode\)?\s*[!=]==?\s*['"`]([A-Z][A-Z0-9_]+)['"`]/g)) {
    if (!outsideCode.test(m[1] as string)) found.push(m[1] as string);
  }
  for (const m of text.matchAll(/['"`]([A-Z][A-Z0-9_]+)['"`]\s*[!=]==?\s*[\w.]*code\b/g)) {
    if (!outsideCode.test(m[1] as string)) found.push(m[1] as string);
  }
  return [...new Set(found)];
}

describe('error codes are the shared constants, not string literals', () => {
  it('finds each spelling of a literal code (the check itself)', () => {
    expect(literalCodes("throw new AppError(400, 'BAD_CURSOR', 'x');")).toEqual(['BAD_CURSOR']);
    expect(literalCodes("new AppError(\n  409,\n  'SOMETHING_NEW',\n  'x')")).toEqual(['SOMETHING_NEW']);
    expect(literalCodes("new TooManyRequestsError('SLOW_DOWN', 'x', a, b)")).toEqual(['SLOW_DOWN']);
    expect(literalCodes("errorBody(a ? 'NOPE' : 'OTHER_CODE', 'x')")).toEqual(['NOPE', 'OTHER_CODE']);
    expect(literalCodes('if (err.code === "ADMIN_STEP_EXPIRED") x();')).toEqual(['ADMIN_STEP_EXPIRED']);
    expect(literalCodes("if ('NEW_THING' !== res.code) x();")).toEqual(['NEW_THING']);
    expect(literalCodes("const c = { code: 'VALIDATION_FAILED' };")).toEqual(['VALIDATION_FAILED']);
    expect(literalCodes("if (err.code === 'ENOENT' || code === 'FST_FILES_LIMIT' || e.code === 'P0001') x();")).toEqual(
      [],
    );
    expect(literalCodes("new AppError(400, errorCodes.validation, 'Some fields are missing.')")).toEqual([]);
  });

  it('src/server and src/web name no error code as a literal', () => {
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      literalCodes(readFileSync(file, 'utf8')).map((code) => `${path.relative(process.cwd(), file)}: ${code}`),
    );
    expect(offenders).toEqual([]);
  });
});
