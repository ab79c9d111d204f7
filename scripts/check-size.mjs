#!/usr/bin/env node
// Size rule: a server file holds at most 600 lines and no function (a factory closure counts, nested
// functions included) spans more than 250 lines, in src/server and in src/web (where it bounds every screen
// component). Migrations and seed data are data, not code, and are left out.
//
//   node scripts/check-size.mjs [root]   (root defaults to src/; prints each breach with its file and line)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 600;
export const MAX_FUNCTION_LINES = 250;

/** Folders (relative to the root, `/`-separated) whose files are data, not code. */
const dataFolders = ['server/db/migrations/', 'server/db/seed/'];

/**
 * Known breaches being split up, as `file` or `file#function`. The list only shrinks: an entry that is no
 * longer over its limit is itself reported, so it has to be removed when its code is split.
 */
const pending = new Set([
  'server/app.ts#buildApp',
  'server/features/payments/monthly-repo.ts#createMonthlyRepo',
  'server/features/payments/monthly.ts',
  'server/features/payments/monthly.ts#createMonthlyGifts',
  'server/features/payments/service.ts#createPaymentsService',
]);

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** Every breach of the size rule under `root`, as `{ key, where, message }`. */
export function sizeBreaches(root) {
  const found = [];
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (dataFolders.some((folder) => rel.startsWith(folder))) continue;
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (rel.startsWith('server/') && lines > MAX_FILE_LINES) {
      found.push({ key: rel, where: `${rel}:1`, message: `${lines} lines (at most ${MAX_FILE_LINES})` });
    }
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (isFunction(node)) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const span = end - start + 1;
        if (span > MAX_FUNCTION_LINES) {
          const name = functionName(node);
          found.push({
            key: `${rel}#${name}`,
            where: `${rel}:${start + 1}`,
            message: `function ${name} spans ${span} lines (at most ${MAX_FUNCTION_LINES})`,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The breaches that fail the check: new ones, and pending entries that are no longer breaches. */
export function failures(root, known = pending) {
  const breaches = sizeBreaches(root);
  const keys = new Set(breaches.map((b) => b.key));
  return [
    ...breaches.filter((b) => !known.has(b.key)).map((b) => `${b.where}: ${b.message}`),
    ...[...known].filter((key) => !keys.has(key)).map((key) => `${key}: within the limits now; remove it from pending`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? 'src');
  const problems = failures(root, process.argv[2] ? new Set() : pending);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`size rule: ${problems.length} problem(s); split the code by concern (README, "Layout").`);
    process.exit(1);
  }
}
