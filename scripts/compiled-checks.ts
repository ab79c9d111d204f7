import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validator } from '@exodus/schemasafe';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { z } from 'zod';

/**
 * Response checks compiled at build time (docs/decisions/0028). A module under src/web/checks/ exports one
 * `compiledAtBuild(schema)`; the build replaces it with a plain function generated from that schema, checking
 * the type zod's parse would check: the schema becomes JSON Schema (zod's own `toJSONSchema`, the input side,
 * so an object takes keys it does not name, as zod's parse does) and @exodus/schemasafe compiles that to code.
 * Types, required keys, enums, literals, unions, bounds and patterns are checked; refinements (a rule across
 * fields, written as code, such as "a tournament ends on or after its start") are not: they are the rules of
 * the document's author, checked where it is written (the seed and the route's own response schema).
 */

/** Where the marked modules live. */
export const checksDir = path.resolve(import.meta.dirname, '../src/web/checks');

/**
 * Schema kinds whose parse changes the data or whose type is code: a marked schema containing one fails the
 * build, so a compiled check never refuses what zod accepts, nor accepts another type.
 */
const uncompilable = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'custom', 'promise', 'lazy']);

function refuseUncompilable(schema: z.core.$ZodType, where: string) {
  const { type } = schema._zod.def;
  if (uncompilable.has(type)) throw new Error(`${where}: a '${type}' schema cannot be compiled to a check`);
}

/** The JSON Schema a compiled check enforces. */
export function checkJsonSchema(schema: z.core.$ZodType, where = 'schema'): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'throw',
    override: (ctx) => refuseUncompilable(ctx.zodSchema, where),
  }) as Record<string, unknown>;
}

/** Whether a schema holds a refinement anywhere (which its compiled check leaves to the server). */
export function hasRefinements(schema: z.core.$ZodType): boolean {
  let found = false;
  z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      const checks = (ctx.zodSchema._zod.def as { checks?: { _zod: { def: { check: string } } }[] }).checks;
      if (checks?.some((c) => c._zod.def.check === 'custom')) found = true;
    },
  });
  return found;
}

/** The source of a function `(data: unknown) => boolean` that accepts exactly what the schema's parse accepts. */
export function checkSource(schema: z.core.$ZodType, where = 'schema'): string {
  const json = checkJsonSchema(schema, where);
  // Lengths in JSON Schema count code points, zod's count UTF-16 units: the contracts here only ever ask for
  // min(1), where the two agree; anything else is refused rather than checked differently.
  const lengths = JSON.stringify(json).match(/"(minLength|maxLength)":(\d+)/g) ?? [];
  const unequal = lengths.find((l) => !l.endsWith('"minLength":1'));
  if (unequal) throw new Error(`${where}: ${unequal} counts characters differently in JSON Schema and zod`);
  // The data is what JSON.parse returned (no undefined, no prototypes but the plain ones), which the code may assume.
  return validator(json as never, { includeErrors: false, isJSON: true, unmodifiedPrototypes: true })
    .toModule()
    .replace(/;\s*$/, '');
}

/** Evaluates a checks module in Node and returns its one marked schema, with its export's name. */
export async function markedSchema(file: string): Promise<{ name: string; schema: z.core.$ZodType }> {
  const exports = Object.entries(await tsImport(pathToFileURL(file).href, import.meta.url)).filter(
    ([key]) => key !== 'default' && key !== 'module.exports',
  );
  const [only, ...more] = exports;
  const where = path.relative(process.cwd(), file);
  if (!only || more.length > 0) throw new Error(`${where}: a checks module exports exactly one check`);
  const [name, schema] = only;
  if (!(schema instanceof Object) || !('_zod' in schema)) throw new Error(`${where}: ${name} is not a zod schema`);
  return { name, schema: schema as z.core.$ZodType };
}

const checkedByModule = path.resolve(import.meta.dirname, '../src/web/lib/compiled-check.ts');

/** The module the build serves in place of a checks module. */
export async function compiledModule(file: string): Promise<string> {
  const { name, schema } = await markedSchema(file);
  const source = checkSource(schema, path.relative(process.cwd(), file));
  return [
    `import { checkedBy } from ${JSON.stringify(checkedByModule)};`,
    `export const ${name} = /*#__PURE__*/ checkedBy(${source});`,
  ].join('\n');
}

/** The build's side of compiledAtBuild: every module under src/web/checks/ becomes its compiled check. */
export function compiledChecksPlugin(): Plugin {
  return {
    name: 'fangrid-compiled-checks',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(checksDir + path.sep) || !file.endsWith('.ts')) return null;
      return compiledModule(file);
    },
  };
}
