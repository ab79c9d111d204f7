/**
 * Reads CSV text as spreadsheets write it (RFC 4180, leniently): fields separated by commas, a field in double
 * quotes may hold commas, line breaks and doubled quotes (""), rows end with CRLF, LF or CR, and a UTF-8
 * byte-order mark before the first row is dropped. Blank lines are skipped. Each row keeps the line of the file
 * it starts on (1-based), so a problem can be named by its line.
 */

export interface CsvRow {
  /** The line of the file the row starts on (1-based; a quoted line break makes a row span several). */
  line: number;
  cells: string[];
}

export type CsvRead = { ok: true; rows: CsvRow[] } | { ok: false; line: number; message: string };

export const csvMessages = {
  unclosedQuote: 'A quoted field is not closed: a double quote (") is missing.',
  strayQuote: 'A double quote (") may only start a field or be doubled inside a quoted one.',
} as const;

export function readCsv(text: string): CsvRead {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  /** Whether the current field was quoted (so an empty quoted field still counts as a field). */
  let quotedField = false;
  let inQuotes = false;
  let quoteLine = 1;

  const endRow = () => {
    cells.push(field);
    // A blank line (one empty unquoted field) is no row.
    if (!(cells.length === 1 && cells[0] === '' && !quotedField)) rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
    quotedField = false;
  };

  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (inQuotes) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
          // After a closing quote only a separator or the end of the row may follow.
          const next = body[i + 1];
          if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
            return { ok: false, line, message: csvMessages.strayQuote };
          }
        }
      } else {
        if (ch === '\n' || (ch === '\r' && body[i + 1] !== '\n')) line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (field !== '') return { ok: false, line, message: csvMessages.strayQuote };
      inQuotes = true;
      quotedField = true;
      quoteLine = line;
    } else if (ch === ',') {
      cells.push(field);
      field = '';
      quotedField = false;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += ch;
    }
  }
  if (inQuotes) return { ok: false, line: quoteLine, message: csvMessages.unclosedQuote };
  if (field !== '' || cells.length > 0 || quotedField) endRow();
  return { ok: true, rows };
}

/** One CSV line of `values` (each quoted, quotes doubled), ending in CRLF: for templates and examples. */
export const csvRow = (values: readonly string[]) =>
  `${values.map((v) => `"${v.replaceAll('"', '""')}"`).join(',')}\r\n`;
