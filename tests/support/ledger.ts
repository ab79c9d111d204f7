import { expect } from 'vitest';
import { ledgerCsvColumns } from '../../src/shared/contracts/ledger';
import { apiPaths } from '../../src/shared/contracts/paths';
import {
  type EntryStanding,
  emptyLedgerTotals,
  type LedgerKind,
  type LedgerRow,
  type LedgerState,
  type LedgerTotals,
  ledgerTotalNames,
} from '../../src/shared/domain/ledger';
import { parseCsv } from './csv';
import type { Client } from './http';

const toCents = (dollars: string) => Math.round(Number(dollars) * 100);

/**
 * The ledger CSV (GET /api/admin/ledger.csv) read back: its money rows as the ledger's rows, and its 'total'
 * lines as totals. `query` is the query string without '?' ('board=x', 'organization=y&demo=exclude').
 */
export async function readLedgerCsv(
  admin: Pick<Client, 'get'>,
  query = '',
): Promise<{ rows: LedgerRow[]; totals: LedgerTotals; lines: string[][] }> {
  const res = await admin.get(`${apiPaths.admin.ledgerCsv}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...lines] = parseCsv(res.body);
  expect(header).toEqual([...ledgerCsvColumns]);
  const rows: LedgerRow[] = [];
  const totals = emptyLedgerTotals();
  for (const l of lines) {
    const [board, organization, kind, state, amount, face, at, entryCode, entry, entryId, paymentId, prizeId] = l.map(
      (v) => v ?? '',
    ) as string[] & { length: 12 };
    if (kind === 'total') {
      const name = state as (typeof ledgerTotalNames)[number];
      expect(ledgerTotalNames).toContain(name);
      totals[name] = toCents(amount ?? '0');
      continue;
    }
    rows.push({
      board: board === 'Unknown board' ? null : (board ?? null),
      organization: organization || null,
      kind: kind as LedgerKind,
      state: state as LedgerState,
      cents: toCents(amount ?? '0'),
      faceCents: toCents(face ?? '0'),
      at: at || null,
      entryCode: entryCode || null,
      entry: entry as EntryStanding,
      entryId: entryId || null,
      paymentId: paymentId || null,
      prizeId: prizeId || null,
    });
  }
  return { rows, totals, lines };
}
