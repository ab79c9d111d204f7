import { csvRow, readCsv } from '../domain/csv';
import { parseDollars } from '../domain/money';
import {
  type AdminAddEntryInput,
  adminAddEntrySchema,
  ENTRY_IMPORT_MAX,
  type EntryImportColumn,
  entryImportColumns,
} from './admin';

/**
 * Reading an entries CSV import (entryImportColumns): the header row, then one entry per line, each checked as
 * the single add checks its fields. The board's own rules (amount, state, age, room) are the server's, after.
 */

/** One problem of a file, by its line (1 is the header) and column (null: the whole line or file). */
export interface ImportProblem {
  line: number;
  column: string | null;
  message: string;
}

/** One line's entry as the single add takes it (without its board, key or the import's own fields). */
export type ImportedEntry = Omit<AdminAddEntryInput, 'boardSlug' | 'idempotencyKey'> & { nickname: string };

/**
 * The lines that read well (each an entry for the board's rules to check next), and every problem found. A
 * problem of the file itself (it is not CSV, its header does not fit, it is empty or too long) leaves no lines.
 */
export interface ImportRead {
  entries: { line: number; input: ImportedEntry }[];
  problems: ImportProblem[];
}

export const importMessages = {
  empty: 'The file has no entries: it needs a header row, then one line per entry.',
  noLines: 'The file has a header row but no entries under it.',
  tooMany: (n: number) => `The file has ${n} entries: import at most ${ENTRY_IMPORT_MAX} at once.`,
  unknownColumn: (name: string) =>
    `"${name}" is not a column of the import: use ${entryImportColumns.map((c) => c.name).join(', ')}.`,
  missingColumn: (name: string) => `The header row needs a ${name} column.`,
  twiceColumn: (name: string) => `The ${name} column is there twice.`,
  extraCells: (n: number, columns: number) =>
    `This line has ${n} fields but the header names ${columns} columns (a comma in a value needs quotes).`,
  noRoom: (room: number, lines: number) =>
    `The board has room for ${room} more ${room === 1 ? 'entry' : 'entries'}, and the file has ${lines} new ones.`,
  yesNo: 'Write yes or no',
  nicknameRequired: 'Nickname is required',
} as const;

/** The columns a file must have (the rest may be left out). */
const requiredColumns: readonly EntryImportColumn['name'][] = ['Nickname', 'Age Confirmed'];

/** A header cell as a key: case, spaces, dashes and underscores do not matter ('text_consent' = 'Text Consent'). */
const headerKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const columnByKey = new Map<string, EntryImportColumn>(entryImportColumns.map((c) => [headerKey(c.name), c]));
const columnOfField = new Map<string, EntryImportColumn['name']>(entryImportColumns.map((c) => [c.field, c.name]));

/** The column a field of the single add is read from (its name in the file), for naming a problem. */
export const importColumnOf = (field: string): string | null => columnOfField.get(field) ?? null;

const yes = new Set(['yes', 'y', 'true', '1', 'x']);
const no = new Set(['no', 'n', 'false', '0', '']);

export function readEntryImport(text: string): ImportRead {
  const read = readCsv(text);
  if (!read.ok) return { entries: [], problems: [{ line: read.line, column: null, message: read.message }] };
  const [header, ...lines] = read.rows;
  if (!header) return { entries: [], problems: [{ line: 1, column: null, message: importMessages.empty }] };
  const problems: ImportProblem[] = [];

  const columns: (EntryImportColumn | null)[] = [];
  const seen = new Set<string>();
  for (const cell of header.cells) {
    const name = cell.trim();
    const column = columnByKey.get(headerKey(name));
    if (!column) {
      // A trailing empty header cell (a spreadsheet's last comma) is no column.
      if (name !== '') {
        problems.push({ line: header.line, column: name, message: importMessages.unknownColumn(name) });
      }
      columns.push(null);
      continue;
    }
    if (seen.has(column.name)) {
      problems.push({ line: header.line, column: column.name, message: importMessages.twiceColumn(column.name) });
    }
    seen.add(column.name);
    columns.push(column);
  }
  for (const name of requiredColumns) {
    if (!seen.has(name))
      problems.push({ line: header.line, column: name, message: importMessages.missingColumn(name) });
  }
  if (problems.length > 0) return { entries: [], problems };
  if (lines.length === 0)
    return { entries: [], problems: [{ line: header.line, column: null, message: importMessages.noLines }] };
  if (lines.length > ENTRY_IMPORT_MAX) {
    return {
      entries: [],
      problems: [{ line: header.line, column: null, message: importMessages.tooMany(lines.length) }],
    };
  }

  const entries: ImportRead['entries'] = [];
  for (const row of lines) {
    const own: ImportProblem[] = [];
    const at = (column: string, message: string) => own.push({ line: row.line, column, message });
    const extra = row.cells.slice(columns.length).some((c) => c.trim() !== '');
    if (extra) {
      own.push({ line: row.line, column: null, message: importMessages.extraCells(row.cells.length, columns.length) });
    }
    const value = (name: EntryImportColumn['name']) => {
      const i = columns.findIndex((c) => c?.name === name);
      return i < 0 ? '' : (row.cells[i] ?? '').trim();
    };
    const tick = (name: EntryImportColumn['name']) => {
      const v = value(name).toLowerCase();
      if (yes.has(v)) return true;
      if (no.has(v)) return false;
      at(name, importMessages.yesNo);
      return undefined;
    };
    const amount = parseDollars(value('Amount'));
    if (!amount.ok) at('Amount', amount.message);
    const input = {
      boardSlug: 'import',
      nickname: value('Nickname'),
      phone: value('Phone'),
      email: value('Email'),
      state: value('State'),
      amountCents: amount.ok ? amount.cents : null,
      smsConsent: tick('Text Consent'),
      ageConfirmed: tick('Age Confirmed'),
      teamSupport: value('Team Support') || undefined,
      organization: value('Organization') || undefined,
      referralCode: value('Referral Code') || undefined,
      gameCode: value('Game Code') || undefined,
    };
    if (input.nickname === '') at('Nickname', importMessages.nicknameRequired);
    const parsed = adminAddEntrySchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = importColumnOf(String(issue.path[0] ?? ''));
        // A tick already named its own problem; the schema's word on the same column adds nothing.
        if (!own.some((p) => p.column === column)) own.push({ line: row.line, column, message: issue.message });
      }
    }
    if (own.length > 0 || !parsed.success) {
      problems.push(...own);
      continue;
    }
    const { boardSlug: _board, idempotencyKey: _key, ...entry } = parsed.data;
    entries.push({ line: row.line, input: { ...entry, nickname: entry.nickname } });
  }
  return { entries, problems };
}

/** A template file: the header row and one example line. */
export const entryImportTemplate = () =>
  csvRow(entryImportColumns.map((c) => c.name)) + csvRow(entryImportColumns.map((c) => c.example));
