import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountedFor,
  type EntryMoneyFact,
  type EntryStanding,
  emptyLedgerTotals,
  entryMoneyRows,
  entryStandingOf,
  type LedgerBoard,
  type LedgerProblemCode,
  type LedgerRow,
  ledgerProblems,
  ledgerTotalNames,
  ledgerTotals,
  type PaymentFact,
  type PrizeFact,
  paymentRows,
  pledgedCents,
  prizeRow,
} from '../../src/shared/domain/ledger';

const AT = '2025-06-11T16:00:00.000Z';
const liveBoard: LedgerBoard = { slug: 'b1', organization: 'Knicks Cares', cancelled: false };
const cancelledBoard: LedgerBoard = { slug: 'b2', organization: 'Knicks Cares', cancelled: true };

const codes = (rows: readonly LedgerRow[]) => ledgerProblems(rows, ledgerTotals(rows)).map((p) => p.code);

const payment = (over: Partial<PaymentFact> = {}): PaymentFact => ({
  board: liveBoard,
  paymentId: 'p1',
  status: 'paid',
  amountCents: 2000,
  paidAt: AT,
  entries: [{ id: 'e1', code: 'AB12', standing: 'standing' }],
  ...over,
});
const pledge = (over: Partial<EntryMoneyFact> = {}): EntryMoneyFact => ({
  board: liveBoard,
  entryId: 'e2',
  code: 'CD34',
  standing: 'standing',
  amountCents: 1000,
  donationCents: 0,
  hasPayment: false,
  createdAt: AT,
  collectedAt: null,
  toReturnAt: null,
  returnedAt: null,
  ...over,
});
const prize = (over: Partial<PrizeFact> = {}): PrizeFact => ({
  board: liveBoard,
  prizeId: 'z1',
  entryId: 'e1',
  entryCode: 'AB12',
  state: 'paid',
  prizeCents: 5000,
  at: AT,
  ...over,
});

describe('the rows of each money fact', () => {
  it('a paid payment of a standing entry is kept; refunded, it has its refund row; on a cancelled board it is owed back', () => {
    expect(paymentRows(payment()).map((r) => [r.kind, r.state, r.cents])).toEqual([['payment', 'kept', 2000]]);
    expect(paymentRows(payment({ status: 'refunded' })).map((r) => [r.kind, r.state, r.cents])).toEqual([
      ['payment', 'refunded', 2000],
      ['refund', 'refunded', -2000],
    ]);
    const owed = paymentRows(
      payment({ board: cancelledBoard, entries: [{ id: 'e1', code: 'AB12', standing: 'cancelled' }] }),
    );
    expect(owed.map((r) => r.state)).toEqual(['to-return']);
  });

  it('a paid payment with no entry, two entries, or an entry that no longer stands is unaccounted', () => {
    const stands = (standing: EntryStanding) => [{ id: 'e1', code: 'AB12', standing }];
    for (const entries of [
      [],
      stands('removed'),
      stands('released'),
      stands('held'),
      [...stands('standing'), ...stands('standing')],
    ]) {
      const [row] = paymentRows(payment({ entries }));
      expect(row?.state, JSON.stringify(entries)).toBe('unaccounted');
    }
    expect(paymentRows(payment({ entries: [] }))[0]?.entry).toBe('none');
  });

  it('a pledge is a promise (0); once collected its cash is kept, to return, returned or unaccounted', () => {
    expect(entryMoneyRows(pledge()).map((r) => [r.kind, r.state, r.cents, r.faceCents])).toEqual([
      ['pledge', 'outstanding', 0, 1000],
    ]);
    const collected = pledge({ collectedAt: AT });
    expect(entryMoneyRows(collected).map((r) => [r.kind, r.state, r.cents])).toEqual([
      ['pledge', 'collected', 0],
      ['cash', 'kept', 1000],
    ]);
    expect(entryMoneyRows({ ...collected, standing: 'cancelled' }).map((r) => r.state)).toEqual([
      'collected',
      'to-return',
    ]);
    expect(entryMoneyRows({ ...collected, standing: 'removed', toReturnAt: AT }).map((r) => r.state)).toEqual([
      'collected',
      'to-return',
    ]);
    expect(
      entryMoneyRows({ ...collected, standing: 'removed', toReturnAt: AT, returnedAt: AT }).map((r) => [
        r.kind,
        r.cents,
      ]),
    ).toEqual([
      ['pledge', 0],
      ['cash', 1000],
      ['cash-return', -1000],
    ]);
    expect(entryMoneyRows({ ...collected, standing: 'removed' }).map((r) => r.state)).toEqual([
      'collected',
      'unaccounted',
    ]);
    // An entry with a checkout payment pledges only its gift; an entry with nothing pledged has no rows.
    expect(pledgedCents({ amountCents: 1000, donationCents: 300, hasPayment: true })).toBe(300);
    expect(entryMoneyRows(pledge({ amountCents: 0 }))).toEqual([]);
  });

  it('a prize paid or owed draws on the cause’s money; given back or expired it stays', () => {
    expect(prizeRow(prize()).cents).toBe(-5000);
    expect(prizeRow(prize({ state: 'unclaimed' })).state).toBe('owed');
    expect(prizeRow(prize({ state: 'claimed' })).state).toBe('owed');
    expect(prizeRow(prize({ state: 'given-back' }))).toMatchObject({ state: 'given-back', cents: 0, faceCents: 5000 });
    expect(prizeRow(prize({ state: 'expired' }))).toMatchObject({ state: 'expired', cents: 0 });
  });

  it('tells where an entry stands from its own columns and its board', () => {
    expect(entryStandingOf({ status: 'confirmed', removed: false, boardCancelled: false })).toBe('standing');
    expect(entryStandingOf({ status: 'confirmed', removed: false, boardCancelled: true })).toBe('cancelled');
    expect(entryStandingOf({ status: 'released', removed: true, boardCancelled: false })).toBe('removed');
    expect(entryStandingOf({ status: 'released', removed: false, boardCancelled: true })).toBe('released');
    expect(entryStandingOf({ status: 'held', removed: false, boardCancelled: false })).toBe('held');
  });
});

describe('the problems the one assertion names', () => {
  it('finds nothing in a whole ledger, and the identity holds', () => {
    const rows = [
      ...paymentRows(payment()),
      ...paymentRows(payment({ paymentId: 'p2', status: 'refunded' })),
      ...entryMoneyRows(pledge({ collectedAt: AT })),
      prizeRow(prize()),
    ];
    const t = ledgerTotals(rows);
    expect(t).toMatchObject({ collected: 5000, refunded: 2000, toReturn: 0, prizesPaid: 5000, kept: -2000, fees: 0 });
    expect(t.collected).toBe(accountedFor(t));
    expect(codes(rows)).toEqual([]);
  });

  it('a paid entry deleted (its payment paid, no entry): the payment has no entry and the identity breaks by its amount', () => {
    const rows = paymentRows(payment({ entries: [] }));
    const problems = ledgerProblems(rows, ledgerTotals(rows));
    expect(problems.map((p) => [p.code, p.cents])).toEqual([
      ['identity', 2000],
      ['payment-without-entry', 2000],
    ]);
    expect(problems[1]?.message).toBe(
      'On board b1, a checkout payment of $20 is paid, but no entry points to it, and it was not refunded.',
    );
  });

  it('a board cancelled after a paid prize: the prize comes from no one’s money', () => {
    const rows = [
      ...paymentRows(
        payment({
          board: cancelledBoard,
          status: 'refunded',
          entries: [{ id: 'e1', code: 'AB12', standing: 'cancelled' }],
        }),
      ),
      prizeRow(prize({ board: cancelledBoard })),
    ];
    expect(ledgerTotals(rows).kept).toBe(-5000);
    expect(codes(rows)).toEqual(['prize-on-cancelled-board']);
  });

  it('cash marked returned while its entry still stands is both returned and kept', () => {
    const rows = entryMoneyRows(pledge({ collectedAt: AT, toReturnAt: AT, returnedAt: AT }));
    expect(codes(rows)).toEqual(['cash-returned-and-kept']);
  });

  it('collected cash of an entry removed without "to return" is unaccounted', () => {
    const rows = entryMoneyRows(pledge({ collectedAt: AT, standing: 'removed' }));
    expect(codes(rows)).toEqual(['identity', 'cash-unaccounted']);
  });

  it('totals shown that differ from the rows, and a fact read twice', () => {
    const rows = paymentRows(payment());
    const shown = { ...ledgerTotals(rows), kept: 1000 };
    expect(ledgerProblems(rows, shown).map((p) => p.code)).toEqual(['totals-differ']);
    expect(codes([...rows, ...rows])).toEqual(['duplicate']);
  });
});

/* ---------- properties over random row sets ---------- */

const cents = fc.integer({ min: 1, max: 50_000 });
const boardArb = fc.constantFrom<LedgerBoard>(liveBoard, cancelledBoard, {
  slug: 'b3',
  organization: 'Thunder Cares',
  cancelled: false,
});
const standingArb = fc.constantFrom<EntryStanding>('standing', 'held', 'released', 'removed', 'cancelled');

/** Any payment, entry money and prize facts, whole or broken, with unique ids. */
const anyFacts = fc
  .record({
    payments: fc.array(
      fc.record({
        board: fc.option(boardArb, { nil: null }),
        status: fc.constantFrom<'paid' | 'refunded'>('paid', 'refunded'),
        amountCents: cents,
        entries: fc.array(standingArb, { maxLength: 2 }),
      }),
      { maxLength: 8 },
    ),
    money: fc.array(
      fc.record({
        board: boardArb,
        standing: standingArb,
        amountCents: fc.nat({ max: 10_000 }),
        donationCents: fc.nat({ max: 10_000 }),
        hasPayment: fc.boolean(),
        collected: fc.boolean(),
        toReturn: fc.boolean(),
        returned: fc.boolean(),
      }),
      { maxLength: 8 },
    ),
    prizes: fc.array(
      fc.record({
        board: boardArb,
        state: fc.constantFrom<PrizeFact['state']>('unclaimed', 'claimed', 'paid', 'given-back', 'expired'),
        prizeCents: cents,
      }),
      { maxLength: 5 },
    ),
  })
  .map(({ payments, money, prizes }) => [
    ...payments.flatMap((p, i) =>
      paymentRows({
        board: p.board,
        paymentId: `p${i}`,
        status: p.status,
        amountCents: p.amountCents,
        paidAt: AT,
        entries: p.entries.map((standing, j) => ({ id: `pe${i}-${j}`, code: `C${i}${j}`, standing })),
      }),
    ),
    ...money.flatMap((m, i) =>
      entryMoneyRows({
        board: m.board,
        entryId: `e${i}`,
        code: `E${i}`,
        standing: m.board.cancelled && m.standing === 'standing' ? 'cancelled' : m.standing,
        amountCents: m.amountCents,
        donationCents: m.donationCents,
        hasPayment: m.hasPayment,
        createdAt: AT,
        collectedAt: m.collected ? AT : null,
        toReturnAt: m.collected && m.toReturn ? AT : null,
        returnedAt: m.collected && m.toReturn && m.returned ? AT : null,
      }),
    ),
    ...prizes.map((z, i) =>
      prizeRow({
        board: z.board,
        prizeId: `z${i}`,
        entryId: `w${i}`,
        entryCode: `W${i}`,
        state: z.state,
        prizeCents: z.prizeCents,
        at: AT,
      }),
    ),
  ]);

/** Facts whose stories are whole: what a correct app leaves behind. */
const wholeFacts = fc
  .record({
    payments: fc.array(fc.record({ board: boardArb, refunded: fc.boolean(), amountCents: cents }), { maxLength: 8 }),
    money: fc.array(
      fc.record({
        board: boardArb,
        gone: fc.boolean(),
        amountCents: cents,
        collected: fc.boolean(),
        returned: fc.boolean(),
      }),
      { maxLength: 8 },
    ),
    prizes: fc.array(
      fc.record({
        state: fc.constantFrom<PrizeFact['state']>('unclaimed', 'claimed', 'paid', 'given-back', 'expired'),
        prizeCents: cents,
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ payments, money, prizes }) => [
    ...payments.flatMap((p, i) =>
      paymentRows({
        board: p.board,
        paymentId: `p${i}`,
        status: p.refunded ? 'refunded' : 'paid',
        amountCents: p.amountCents,
        paidAt: AT,
        // A refunded payment's entry may be gone; one still paid has its entry where it should be.
        entries: [
          {
            id: `pe${i}`,
            code: `C${i}`,
            standing: p.refunded ? 'removed' : p.board.cancelled ? 'cancelled' : 'standing',
          },
        ],
      }),
    ),
    ...money.flatMap((m, i) => {
      // A collected pledge of an entry that went (removed, or its board cancelled) is to return or returned.
      const gone = m.gone || m.board.cancelled;
      return entryMoneyRows({
        board: m.board,
        entryId: `e${i}`,
        code: `E${i}`,
        standing: m.board.cancelled ? 'cancelled' : m.gone ? 'removed' : 'standing',
        amountCents: m.amountCents,
        donationCents: 0,
        hasPayment: false,
        createdAt: AT,
        collectedAt: m.collected ? AT : null,
        toReturnAt: m.collected && gone ? AT : null,
        returnedAt: m.collected && gone && m.returned ? AT : null,
      });
    }),
    // Prizes only on boards that were not cancelled.
    ...prizes.map((z, i) =>
      prizeRow({
        board: liveBoard,
        prizeId: `z${i}`,
        entryId: `w${i}`,
        entryCode: `W${i}`,
        state: z.state,
        prizeCents: z.prizeCents,
        at: AT,
      }),
    ),
  ]);

const sumTotals = (a: ReturnType<typeof ledgerTotals>, b: ReturnType<typeof ledgerTotals>) => {
  const t = emptyLedgerTotals();
  for (const n of ledgerTotalNames) t[n] = a[n] + b[n];
  return t;
};

describe('ledger properties', () => {
  it('a whole ledger has no problem, on every board and over all of them', () => {
    fc.assert(
      fc.property(wholeFacts, (rows) => {
        expect(codes(rows)).toEqual([]);
        const t = ledgerTotals(rows);
        expect(t.collected).toBe(accountedFor(t));
        expect(t.unaccounted).toBe(0);
      }),
    );
  });

  it('in any ledger, the identity’s gap is exactly the unaccounted money, and is reported board by board', () => {
    fc.assert(
      fc.property(anyFacts, (rows) => {
        const t = ledgerTotals(rows);
        expect(t.collected - accountedFor(t)).toBe(t.unaccounted);
        const problems = ledgerProblems(rows, t);
        const gaps = problems.filter((p) => p.code === 'identity');
        expect(gaps.reduce((s, p) => s + p.cents, 0)).toBe(t.unaccounted);
        // Every unaccounted payment or cash is named; nothing is reported of a ledger without a broken rule.
        const unaccounted = rows.filter((r) => r.state === 'unaccounted');
        const named: LedgerProblemCode[] = ['payment-without-entry', 'cash-unaccounted'];
        expect(problems.filter((p) => named.includes(p.code))).toHaveLength(unaccounted.length);
        expect(problems.some((p) => p.code === 'totals-differ' || p.code === 'duplicate')).toBe(false);
      }),
    );
  });

  it('the signed amounts sum to what the cause holds: kept, to return, and what is unaccounted', () => {
    fc.assert(
      fc.property(anyFacts, (rows) => {
        const t = ledgerTotals(rows);
        expect(rows.reduce((s, r) => s + r.cents, 0)).toBe(t.kept + t.toReturn + t.unaccounted);
      }),
    );
  });

  it('the totals of two sets of rows are the sums of their totals (a board’s, an organization’s, all)', () => {
    fc.assert(
      fc.property(anyFacts, fc.nat(), (rows, cut) => {
        const at = rows.length === 0 ? 0 : cut % (rows.length + 1);
        expect(ledgerTotals(rows)).toEqual(sumTotals(ledgerTotals(rows.slice(0, at)), ledgerTotals(rows.slice(at))));
      }),
    );
  });

  it('any total shown other than the rows’ is caught', () => {
    fc.assert(
      fc.property(
        wholeFacts,
        fc.constantFrom(...ledgerTotalNames),
        fc.integer({ min: 1, max: 999 }),
        (rows, name, off) => {
          const shown = ledgerTotals(rows);
          shown[name] += off;
          expect(ledgerProblems(rows, shown).map((p) => p.code)).toEqual(['totals-differ']);
        },
      ),
    );
  });

  it('breaking one payment of a whole ledger (its entry gone, not refunded) is always caught', () => {
    fc.assert(
      fc.property(wholeFacts, cents, (rows, amountCents) => {
        const broken = [
          ...rows,
          ...paymentRows({
            board: liveBoard,
            paymentId: 'orphan',
            status: 'paid',
            amountCents,
            paidAt: AT,
            entries: [],
          }),
        ];
        const found = codes(broken);
        expect(found).toContain('identity');
        expect(found).toContain('payment-without-entry');
      }),
    );
  });
});
