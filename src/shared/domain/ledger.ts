import { formatCents } from './money';

/**
 * The ledger of a board's money (docs/decisions/0023-one-ledger-of-money.md): one row per money fact, derived
 * from the rows that own each fact (payments, entries, prizes), never a second copy. Every row has a board, its
 * organization, a kind, a state, signed cents (its effect on the money the cause holds: money in is positive,
 * money out or promised out negative), the amount it names, when, and what it points at.
 *
 * The identity that holds at every moment, per board and over any set of boards:
 *   collected = refunded + toReturn + fees + prizesPaid + prizesOwed + kept
 * where every total is summed from rows of its own (kept too: never the remainder), so a dollar that has no
 * state, or two, shows as a gap. Beside it, the rules that name what broke (`ledgerProblems`).
 */

export const ledgerKinds = [
  /** A checkout payment of an entry that came in (paid, or paid then refunded): + its amount. */
  'payment',
  /** That payment given back through the provider: − its amount. */
  'refund',
  /** What an entry pledged outside checkout: a promise, not money (0; the amount is `faceCents`). */
  'pledge',
  /** A pledge an organizer marked collected: cash in hand, + its amount. */
  'cash',
  /** That cash handed back to the entrant ('Returned'): − its amount. */
  'cash-return',
  /** A prize won on the board: − its amount while paid or owed, 0 once given back or expired. */
  'prize',
  /** A fee taken from the board's money: − its amount. None exist until payouts do (the payouts issue). */
  'fee',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** Kinds of money that came in: their sum is `collected`. */
const moneyIn: readonly LedgerKind[] = ['payment', 'cash'];

/**
 * Where a row's money stands. Money in: 'kept' (in hand, stays with the cause), 'to-return' (in hand, owed
 * back), 'refunded' (a payment given back through the provider), 'returned' (cash handed back), 'unaccounted'
 * (in hand with no standing entry and no refund: a broken story). Pledges: 'outstanding', 'collected', 'void'
 * (its entry no longer stands). Prizes: 'owed' (unclaimed or claimed), 'paid', 'given-back', 'expired' (the last
 * two stay with the cause). Fees: 'charged'.
 */
export const ledgerStates = [
  'kept',
  'to-return',
  'refunded',
  'returned',
  'unaccounted',
  'outstanding',
  'collected',
  'void',
  'owed',
  'paid',
  'given-back',
  'expired',
  'charged',
] as const;
export type LedgerState = (typeof ledgerStates)[number];

/**
 * Where the entry a row points at stands: 'standing' (confirmed, on a board that was not cancelled), 'held'
 * (waiting for its checkout), 'released' (its hold ended), 'removed' (an organizer took it off the board),
 * 'cancelled' (confirmed, on a cancelled board), 'shared' (a payment two entries point to), 'none' (no entry).
 */
export const entryStandings = ['standing', 'held', 'released', 'removed', 'cancelled', 'shared', 'none'] as const;
export type EntryStanding = (typeof entryStandings)[number];

export interface LedgerRow {
  /** The board's slug; null for a payment whose board cannot be told (its entry is gone). */
  board: string | null;
  /** The board's organization (a name today; organizations come later). */
  organization: string | null;
  kind: LedgerKind;
  state: LedgerState;
  /** Signed effect on the money the cause holds: + in, − out or promised out, 0 for a promise or a prize let go. */
  cents: number;
  /** The amount the fact names (≥ 0), whatever its effect. */
  faceCents: number;
  /** When it happened (ISO), when known. */
  at: string | null;
  entryId: string | null;
  /** The entry's board code, for people reading the ledger. */
  entryCode: string | null;
  entry: EntryStanding;
  paymentId: string | null;
  prizeId: string | null;
}

/* ---------- from the owning rows to ledger rows ---------- */

/** What a board row gives every ledger row of it. */
export interface LedgerBoard {
  slug: string;
  organization: string;
  cancelled: boolean;
}

/** Where an entry stands, from its own columns and its board's. */
export function entryStandingOf(entry: {
  status: 'confirmed' | 'held' | 'released';
  removed: boolean;
  boardCancelled: boolean;
}): EntryStanding {
  if (entry.removed) return 'removed';
  if (entry.status === 'released') return 'released';
  if (entry.status === 'held') return 'held';
  return entry.boardCancelled ? 'cancelled' : 'standing';
}

/** An entry's checkout payment that came in, with every entry that points to it. */
export interface PaymentFact {
  board: LedgerBoard | null;
  paymentId: string;
  status: 'paid' | 'refunded';
  amountCents: number;
  paidAt: string | null;
  entries: { id: string; code: string; standing: EntryStanding }[];
}

/** An entry with money outside checkout: what it pledged, and its cash's story. */
export interface EntryMoneyFact {
  board: LedgerBoard;
  entryId: string;
  code: string;
  standing: EntryStanding;
  /** Its support amount: a pledge when the entry has no checkout payment. */
  amountCents: number;
  donationCents: number;
  hasPayment: boolean;
  createdAt: string;
  collectedAt: string | null;
  toReturnAt: string | null;
  returnedAt: string | null;
}

export interface PrizeFact {
  board: LedgerBoard;
  prizeId: string;
  entryId: string;
  entryCode: string;
  state: 'unclaimed' | 'claimed' | 'paid' | 'given-back' | 'expired';
  prizeCents: number;
  at: string;
}

const onBoard = (board: LedgerBoard | null) => ({
  board: board?.slug ?? null,
  organization: board?.organization ?? null,
});

/**
 * A payment's rows: the money that came in, where it stands now, and its refund. It stays with the cause only
 * while exactly one entry points to it and that entry stands; a cancelled board owes it back; anything else
 * (no entry, two entries, an entry removed, released or still held) leaves it unaccounted.
 */
export function paymentRows(p: PaymentFact): LedgerRow[] {
  const [only] = p.entries;
  const standing: EntryStanding = p.entries.length > 1 ? 'shared' : (only?.standing ?? 'none');
  const state: LedgerState =
    p.status === 'refunded'
      ? 'refunded'
      : standing === 'standing'
        ? 'kept'
        : standing === 'cancelled'
          ? 'to-return'
          : 'unaccounted';
  const common = {
    ...onBoard(p.board),
    faceCents: p.amountCents,
    entryId: p.entries.length === 1 ? (only?.id ?? null) : null,
    entryCode: p.entries.length === 1 ? (only?.code ?? null) : null,
    entry: standing,
    paymentId: p.paymentId,
    prizeId: null,
  };
  const paid: LedgerRow = { ...common, kind: 'payment', state, cents: p.amountCents, at: p.paidAt };
  if (p.status !== 'refunded') return [paid];
  // The payments table keeps no refund time.
  return [paid, { ...common, kind: 'refund', state: 'refunded', cents: -p.amountCents, at: null }];
}

/** What an entry pledged outside checkout: the gift, and the support amount when there was no checkout. */
export const pledgedCents = (e: Pick<EntryMoneyFact, 'amountCents' | 'donationCents' | 'hasPayment'>) =>
  e.donationCents + (e.hasPayment ? 0 : e.amountCents);

/**
 * An entry's pledge and, once collected, its cash: returned once handed back, to return once marked so or when
 * its board was cancelled, kept while its entry stands, and unaccounted when the entry went otherwise.
 */
export function entryMoneyRows(e: EntryMoneyFact): LedgerRow[] {
  const face = pledgedCents(e);
  if (face <= 0) return [];
  const common = {
    ...onBoard(e.board),
    faceCents: face,
    entryId: e.entryId,
    entryCode: e.code,
    entry: e.standing,
    paymentId: null,
    prizeId: null,
  };
  const pledge: LedgerRow = {
    ...common,
    kind: 'pledge',
    state: e.collectedAt ? 'collected' : e.standing === 'standing' ? 'outstanding' : 'void',
    cents: 0,
    at: e.createdAt,
  };
  if (!e.collectedAt) return [pledge];
  const state: LedgerState = e.returnedAt
    ? 'returned'
    : e.toReturnAt || e.standing === 'cancelled'
      ? 'to-return'
      : e.standing === 'standing'
        ? 'kept'
        : 'unaccounted';
  const cash: LedgerRow = { ...common, kind: 'cash', state, cents: face, at: e.collectedAt };
  if (!e.returnedAt) return [pledge, cash];
  return [pledge, cash, { ...common, kind: 'cash-return', state: 'returned', cents: -face, at: e.returnedAt }];
}

/** A prize: owed (unclaimed or claimed) and paid draw on the cause's money; given back or expired, it stays. */
export function prizeRow(p: PrizeFact): LedgerRow {
  const state: LedgerState = p.state === 'unclaimed' || p.state === 'claimed' ? 'owed' : p.state;
  return {
    ...onBoard(p.board),
    kind: 'prize',
    state,
    cents: state === 'owed' || state === 'paid' ? -p.prizeCents : 0,
    faceCents: p.prizeCents,
    at: p.at,
    entryId: p.entryId,
    entryCode: p.entryCode,
    entry: p.board.cancelled ? 'cancelled' : 'standing',
    paymentId: null,
    prizeId: p.prizeId,
  };
}

/* ---------- totals ---------- */

export interface LedgerTotals {
  /** Every dollar that came in: checkout payments (refunded ones too) and cash collected. */
  collected: number;
  /** Given back: payments refunded through the provider and cash handed back. */
  refunded: number;
  /** In hand and owed back (zero when nothing is owed). */
  toReturn: number;
  /** Fees taken (zero until payouts exist). */
  fees: number;
  prizesPaid: number;
  /** Prizes won and not yet paid (unclaimed or claimed). */
  prizesOwed: number;
  /** What stays with the cause: money in hand of standing entries, less the prizes and fees it pays. */
  kept: number;
  /** Outside the identity, naming its gap: money in hand with no standing entry and no refund. */
  unaccounted: number;
  /** Outside the identity: pledges not collected yet (promises, not money). */
  outstanding: number;
  /** Outside the identity: prizes given back (their money stayed, in `kept`). */
  prizesGivenBack: number;
}

export const ledgerTotalNames = [
  'collected',
  'refunded',
  'toReturn',
  'fees',
  'prizesPaid',
  'prizesOwed',
  'kept',
  'unaccounted',
  'outstanding',
  'prizesGivenBack',
] as const satisfies readonly (keyof LedgerTotals)[];

export const emptyLedgerTotals = (): LedgerTotals =>
  Object.fromEntries(ledgerTotalNames.map((n) => [n, 0])) as unknown as LedgerTotals;

/** The totals of `rows`, each summed from rows of its own. */
export function ledgerTotals(rows: readonly LedgerRow[]): LedgerTotals {
  const t = emptyLedgerTotals();
  for (const r of rows) {
    const isIn = moneyIn.includes(r.kind);
    if (isIn) t.collected += r.cents;
    if (r.kind === 'refund' || r.kind === 'cash-return') t.refunded -= r.cents;
    if (isIn && r.state === 'to-return') t.toReturn += r.cents;
    if (isIn && r.state === 'kept') t.kept += r.cents;
    if (isIn && r.state === 'unaccounted') t.unaccounted += r.cents;
    if (r.kind === 'fee') {
      t.fees -= r.cents;
      t.kept += r.cents;
    }
    if (r.kind === 'prize') {
      if (r.state === 'paid') t.prizesPaid -= r.cents;
      if (r.state === 'owed') t.prizesOwed -= r.cents;
      if (r.state === 'given-back') t.prizesGivenBack += r.faceCents;
      t.kept += r.cents;
    }
    if (r.kind === 'pledge' && r.state === 'outstanding') t.outstanding += r.faceCents;
  }
  return t;
}

/** The identity's right-hand side: where every collected dollar went or stands. */
export const accountedFor = (t: LedgerTotals) =>
  t.refunded + t.toReturn + t.fees + t.prizesPaid + t.prizesOwed + t.kept;

/* ---------- problems ---------- */

export const ledgerProblemCodes = [
  /** collected ≠ refunded + toReturn + fees + prizesPaid + prizesOwed + kept on a board. */
  'identity',
  /** Totals shown somewhere differ from the totals of the rows. */
  'totals-differ',
  /** A paid payment with no standing entry to stand for it and no refund. */
  'payment-without-entry',
  /** Collected cash with no standing entry and neither to return nor returned. */
  'cash-unaccounted',
  /** Collected cash marked to return or returned while its entry still stands on the board. */
  'cash-returned-and-kept',
  /** A prize paid or owed on a board whose entries were all given back (a cancelled board). */
  'prize-on-cancelled-board',
  /** The same money fact twice in the ledger (one payment, one entry's cash, one prize). */
  'duplicate',
] as const;
export type LedgerProblemCode = (typeof ledgerProblemCodes)[number];

export interface LedgerProblem {
  code: LedgerProblemCode;
  board: string | null;
  /** What broke, for an organizer. */
  message: string;
  /** The money at stake. */
  cents: number;
  entryId: string | null;
  paymentId: string | null;
  prizeId: string | null;
}

const boardName = (board: string | null) => (board ? `board ${board}` : 'a board that cannot be told');

const standingWords: Record<EntryStanding, string> = {
  standing: 'stands on its board',
  held: 'is still a hold waiting for its checkout',
  released: 'was released from the board',
  removed: 'was removed from the board',
  cancelled: 'is on a cancelled board',
  shared: 'is one of two entries pointing to the same payment',
  none: 'no longer exists',
};

/** The identity of one board's totals, as a problem when it breaks. */
function identityProblem(board: string | null, t: LedgerTotals): LedgerProblem | null {
  const gap = t.collected - accountedFor(t);
  if (gap === 0) return null;
  return {
    code: 'identity',
    board,
    message:
      `On ${boardName(board)}, ${formatCents(t.collected)} collected but ${formatCents(accountedFor(t))} accounted for ` +
      `(refunded ${formatCents(t.refunded)}, to return ${formatCents(t.toReturn)}, fees ${formatCents(t.fees)}, ` +
      `prizes paid ${formatCents(t.prizesPaid)}, prizes owed ${formatCents(t.prizesOwed)}, kept ${formatCents(t.kept)}): ` +
      `${formatCents(gap)} has no state.`,
    cents: gap,
    entryId: null,
    paymentId: null,
    prizeId: null,
  };
}

/** What identifies a money fact: one payment, one entry's pledge or cash, one prize, one fee. */
function factKey(r: LedgerRow): string | null {
  switch (r.kind) {
    case 'payment':
    case 'refund':
      return r.paymentId && `${r.kind}:${r.paymentId}`;
    case 'pledge':
    case 'cash':
    case 'cash-return':
      return r.entryId && `${r.kind}:${r.entryId}`;
    case 'prize':
      return r.prizeId && `prize:${r.prizeId}`;
    case 'fee':
      return null;
  }
}

/**
 * Every broken rule of `rows`, given the `totals` a reader shows for them: the identity on each board, the
 * totals against the rows', no paid payment without its entry or its refund, no collected cash both returned
 * and kept (or in no state at all), no prize paid or owed on a cancelled board, and each money fact once.
 * Empty when the ledger is whole.
 */
export function ledgerProblems(rows: readonly LedgerRow[], totals: LedgerTotals): LedgerProblem[] {
  const problems: LedgerProblem[] = [];
  const byBoard = new Map<string | null, LedgerRow[]>();
  for (const r of rows) {
    const own = byBoard.get(r.board);
    if (own) own.push(r);
    else byBoard.set(r.board, [r]);
  }
  for (const [board, own] of byBoard) {
    const p = identityProblem(board, ledgerTotals(own));
    if (p) problems.push(p);
  }
  const truth = ledgerTotals(rows);
  const differ = ledgerTotalNames.filter((n) => truth[n] !== totals[n]);
  if (differ.length > 0) {
    problems.push({
      code: 'totals-differ',
      board: byBoard.size === 1 ? ([...byBoard.keys()][0] ?? null) : null,
      message: `The totals shown differ from the ledger's rows in ${differ
        .map((n) => `${n} (${formatCents(totals[n])} shown, ${formatCents(truth[n])} in the rows)`)
        .join(', ')}.`,
      cents: differ.reduce((s, n) => s + Math.abs(totals[n] - truth[n]), 0),
      entryId: null,
      paymentId: null,
      prizeId: null,
    });
  }
  const seen = new Set<string>();
  for (const r of rows) {
    const of = { board: r.board, entryId: r.entryId, paymentId: r.paymentId, prizeId: r.prizeId };
    const key = factKey(r);
    if (key && seen.has(key)) {
      problems.push({
        code: 'duplicate',
        ...of,
        message: `On ${boardName(r.board)}, the same ${r.kind} (${key.split(':')[1]}) is in the ledger twice.`,
        cents: r.cents,
      });
    }
    if (key) seen.add(key);
    const who = r.entryCode ? `entry ${r.entryCode}` : 'its entry';
    if (r.kind === 'payment' && r.state === 'unaccounted') {
      problems.push({
        code: 'payment-without-entry',
        ...of,
        message: `On ${boardName(r.board)}, a checkout payment of ${formatCents(r.cents)} is paid, but ${
          r.entry === 'none' ? 'no entry points to it' : `${who} ${standingWords[r.entry]}`
        }, and it was not refunded.`,
        cents: r.cents,
      });
    }
    if (r.kind === 'cash' && r.state === 'unaccounted') {
      problems.push({
        code: 'cash-unaccounted',
        ...of,
        message: `On ${boardName(r.board)}, ${formatCents(r.cents)} of cash collected for ${who} is neither kept, to return nor returned: the entry ${standingWords[r.entry]}.`,
        cents: r.cents,
      });
    }
    if (r.kind === 'cash' && (r.state === 'to-return' || r.state === 'returned') && r.entry === 'standing') {
      problems.push({
        code: 'cash-returned-and-kept',
        ...of,
        message: `On ${boardName(r.board)}, ${formatCents(r.cents)} of cash collected for ${who} is marked ${
          r.state === 'returned' ? 'returned' : 'to return'
        }, yet the entry still stands on the board and counts as kept.`,
        cents: r.cents,
      });
    }
    if (r.kind === 'prize' && (r.state === 'paid' || r.state === 'owed') && r.entry === 'cancelled') {
      problems.push({
        code: 'prize-on-cancelled-board',
        ...of,
        message: `On ${boardName(r.board)}, a prize of ${formatCents(r.faceCents)} is ${
          r.state === 'paid' ? 'paid' : 'owed'
        }, but the board was cancelled and its entries' money given back: it comes from no one's money.`,
        cents: r.faceCents,
      });
    }
  }
  return problems;
}
