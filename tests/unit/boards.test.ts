import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  awards,
  boardCode,
  boardOpensAt,
  boardOverMessage,
  boardStatus,
  cellIndex,
  clampNickname,
  codeCandidates,
  drawAxes,
  entryClosure,
  entryCodeNote,
  entryMessages,
  entryRules,
  nbaFinalsPrizes,
  nicknameCode,
  nicknameGetsRandomCode,
  rolledOverText,
  seedCommitment,
  ticketNumber,
  undrawnAxes,
  winningCell,
} from '../../src/shared/domain/boards';

/** A deterministic random source for tests (mulberry32). */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hexSeed = fc.uint8Array({ minLength: 16, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

describe('nickname code', () => {
  it('upper-cases nicknames of up to 3 letters and takes first two + last letter of longer ones', () => {
    expect(nicknameCode('kd')).toBe('KD');
    expect(nicknameCode('sga')).toBe('SGA');
    expect(nicknameCode('Jordan')).toBe('JON');
    expect(nicknameCode('  Ant  ')).toBe('ANT');
  });

  it('takes only letters A–Z, accents removed: digits, symbols, emoji and other alphabets are skipped', () => {
    expect(nicknameCode('Zoë')).toBe('ZOE');
    expect(nicknameCode('Peña')).toBe('PEA');
    expect(nicknameCode('Łukasz')).toBe('LUZ');
    expect(nicknameCode('Straße')).toBe('STE');
    expect(nicknameCode('Bjørn')).toBe('BJN');
    expect(nicknameCode('Æsir')).toBe('AER');
    expect(nicknameCode('KD35')).toBe('KD');
    expect(nicknameCode('A-1 J.R')).toBe('AJR');
    expect(nicknameCode('🏈🏀⚾')).toBe('');
    expect(nicknameCode('Ωmega')).toBe('MEA');
    expect(nicknameGetsRandomCode('🏈🏀⚾')).toBe(true);
    expect(nicknameGetsRandomCode('KD35')).toBe(true);
    expect(nicknameGetsRandomCode('Zoë')).toBe(false);
  });

  it('property: any unicode nickname gives a code of 3 capital letters A–Z', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 7 }),
        fc.uniqueArray(fc.stringMatching(/^[A-Z]{3}$/), { maxLength: 99 }),
        fc.integer(),
        (nickname, takenList, seed) => {
          const taken = new Set(takenList);
          const code = boardCode(nickname, taken, seeded(seed));
          expect(code).toMatch(/^[A-Z]{3}$/);
          expect(taken.has(code)).toBe(false);
          for (const candidate of codeCandidates(nickname, seeded(seed))) expect(candidate).toMatch(/^[A-Z]{3}$/);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (nickname) => {
        expect(nicknameCode(nickname)).toMatch(/^[A-Z]{0,3}$/);
      }),
    );
  });

  it("says why an entry's code is not its nickname's own: too short, or already on the board", () => {
    expect(nicknameGetsRandomCode('Jo')).toBe(true);
    expect(nicknameGetsRandomCode(' K ')).toBe(true);
    expect(nicknameGetsRandomCode('')).toBe(false);
    expect(nicknameGetsRandomCode('Ant')).toBe(false);
    expect(entryCodeNote('Jordan', 'JON')).toBeNull();
    expect(entryCodeNote('Jordan', 'QXZ')).toBe(
      "Your nickname's code JON is already on this board, so you got the random code QXZ.",
    );
    expect(entryCodeNote('kd', 'QXZ')).toBe(
      'Your nickname has fewer than 3 letters (A–Z), so you got the random code QXZ.',
    );
    expect(entryCodeNote('🏈🏀⚾', 'QXZ')).toMatch(/fewer than 3 letters/);
  });

  it('cuts nicknames off at 7 characters as typed', () => {
    expect(clampNickname('Shai-Gilgeous')).toBe('Shai-Gi');
    expect(clampNickname('KD')).toBe('KD');
  });

  it('property: codes are 3 capital letters, unique on the board, and the nickname rule when free', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z]{3,7}$/),
        fc.uniqueArray(fc.stringMatching(/^[A-Z]{3}$/), { maxLength: 99 }),
        fc.integer(),
        (nickname, takenList, seed) => {
          const taken = new Set(takenList);
          const code = boardCode(nickname, taken, seeded(seed));
          expect(code).toMatch(/^[A-Z]{3}$/);
          expect(taken.has(code)).toBe(false);
          if (!taken.has(nicknameCode(nickname))) expect(code).toBe(nicknameCode(nickname));
        },
      ),
    );
  });

  it('falls back to random letters for short nicknames, which cannot make 3 letters', () => {
    expect(boardCode('KD', new Set(), seeded(1))).toMatch(/^[A-Z]{3}$/);
  });

  it('ticket numbers are 9 upper-case letters', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expect(ticketNumber(seeded(seed))).toMatch(/^[A-Z]{9}$/);
      }),
    );
  });
});

describe('entry amounts', () => {
  it('Thunder takes whole $1-$20 only', () => {
    expect(amountProblem(entryRules.thunder, 100)).toBeNull();
    expect(amountProblem(entryRules.thunder, 2000)).toBeNull();
    expect(amountProblem(entryRules.thunder, 2100)).toMatch(/\$1 to \$20/);
    expect(amountProblem(entryRules.thunder, 50)).toMatch(/whole dollar/);
    expect(amountProblem(entryRules.thunder, 0)).toMatch(/at least \$1/);
    expect(amountProblem(entryRules.thunder, null)).toMatch(/Choose/);
  });

  it('preset boards take any amount of at least $1, finals 5 and 7 take none', () => {
    expect(amountProblem(entryRules.presets, 1234)).toBeNull();
    expect(amountProblem(entryRules.presets, 99)).toMatch(/at least \$1/);
    expect(amountProblem(entryRules.noAmount, null)).toBeNull();
    expect(amountProblem(entryRules.noAmount, 500)).toMatch(/no support amount/);
  });
});

describe('lifecycle', () => {
  const startsAt = new Date('2025-06-16T00:30:00Z');
  const at = (iso: string) => boardStatus({ startsAt, now: new Date(iso) });
  it('is scheduled until 1 hour before the start, open until the start, then locked', () => {
    expect(at('2025-06-15T23:29:59Z')).toBe('scheduled');
    expect(at('2025-06-15T23:30:00Z')).toBe('open');
    expect(at('2025-06-16T00:29:59Z')).toBe('open');
    expect(at('2025-06-16T00:30:00Z')).toBe('locked');
  });
  it('locks early when full, and cancellation or settlement win over time', () => {
    const now = new Date('2025-06-16T00:00:00Z');
    expect(boardStatus({ startsAt, now, lockedAt: now })).toBe('locked');
    expect(boardStatus({ startsAt, now, cancelledAt: now })).toBe('cancelled');
    expect(boardStatus({ startsAt, now, settledAt: now })).toBe('settled');
  });
  it('keeps a postponed game’s boards open from when they opened until the new start, then locks', () => {
    const opensAt = new Date('2025-06-15T23:30:00Z');
    const later = new Date('2025-06-17T00:30:00Z');
    const moved = (iso: string) => boardStatus({ startsAt: later, opensAt, now: new Date(iso) });
    expect(moved('2025-06-15T23:29:59Z')).toBe('scheduled');
    expect(moved('2025-06-16T12:00:00Z')).toBe('open');
    expect(moved('2025-06-17T00:29:59Z')).toBe('open');
    expect(moved('2025-06-17T00:30:00Z')).toBe('locked');
    // Any start and any earlier opening: open exactly from the earlier of the two opening times until the start.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 72 * 60 }), fc.integer({ min: -72 * 60, max: 72 * 60 }), (open, delta) => {
        const start = new Date(startsAt.getTime() + open * 60_000);
        const kept = new Date(start.getTime() - 60 * 60_000 + Math.min(0, delta) * 60_000);
        const opens = boardOpensAt({ startsAt: start, opensAt: kept });
        expect(opens.getTime()).toBe(Math.min(start.getTime() - 60 * 60_000, kept.getTime()));
        expect(boardStatus({ startsAt: start, opensAt: kept, now: opens })).toBe('open');
        expect(boardStatus({ startsAt: start, opensAt: kept, now: new Date(opens.getTime() - 1) })).toBe('scheduled');
      }),
    );
  });
});

describe('why a board takes no entries', () => {
  const startsAt = new Date('2025-06-11T20:00:00Z');
  const open = new Date('2025-06-11T19:30:00Z');
  const base = { startsAt, capacity: 100 };
  it('says nothing while open, and tells a full board from one an organizer locked', () => {
    expect(entryClosure({ ...base, now: open, entryCount: 40 })).toBeNull();
    expect(entryClosure({ ...base, now: open, lockedAt: open, entryCount: 100 })).toBe('full');
    expect(entryClosure({ ...base, now: open, lockedAt: open, entryCount: 40 })).toBe('locked');
    expect(entryClosure({ ...base, now: open, lockedAt: open, entryCount: 0 })).toBe('locked');
  });
  it('says not yet open, closed once the game started (full or not), and cancelled', () => {
    expect(entryClosure({ ...base, now: new Date('2025-06-11T18:00:00Z'), entryCount: 0 })).toBe('scheduled');
    expect(entryClosure({ ...base, now: startsAt, entryCount: 100 })).toBe('closed');
    expect(entryClosure({ ...base, now: startsAt, lockedAt: open, entryCount: 40 })).toBe('closed');
    expect(entryClosure({ ...base, now: open, settledAt: open, entryCount: 40 })).toBe('closed');
    expect(entryClosure({ ...base, now: open, cancelledAt: open, lockedAt: open, entryCount: 100 })).toBe('cancelled');
  });
  it('has a message for each reason', () => {
    expect(entryMessages.full).toBe('Board full');
    expect(entryMessages.locked).toMatch(/locked by the organizer/);
    expect(entryMessages.phoneLimit(10)).toBe(
      'This phone number already has 10 entries on this board, the most one number can have.',
    );
    expect(entryMessages.phoneLimit(1)).toMatch(/already has 1 entry on/);
  });
});

describe('the draw', () => {
  it('property: each axis is a permutation of 0-9, reproducible from the seed', () => {
    fc.assert(
      fc.property(hexSeed, (seed) => {
        const a = drawAxes(seed);
        expect([...a.columns].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect([...a.rows].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(drawAxes(seed)).toEqual(a);
      }),
    );
  });

  it('publishes a SHA-256 commitment of the seed', () => {
    expect(seedCommitment('00')).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
  });

  it('is not biased towards any position (each digit lands in each column about equally)', () => {
    const counts: number[][] = Array.from({ length: 10 }, () => new Array<number>(10).fill(0));
    for (let i = 0; i < 5000; i++) {
      const { columns } = drawAxes(i.toString(16).padStart(8, '0'));
      columns.forEach((digit, col) => {
        const row = counts[digit];
        if (row) row[col] = (row[col] ?? 0) + 1;
      });
    }
    for (const row of counts) for (const n of row) expect(n).toBeGreaterThan(380); // expected 500 each
  });
});

describe('scoring', () => {
  it('property: the winning cell shows the last digits of both scores on the drawn axes', () => {
    fc.assert(
      fc.property(hexSeed, fc.nat(300), fc.nat(300), (seed, a, b) => {
        const axes = drawAxes(seed);
        const { row, column } = winningCell(axes, a, b);
        expect(axes.columns[column]).toBe(a % 10);
        expect(axes.rows[row]).toBe(b % 10);
      }),
    );
  });

  it('rejects negative or fractional scores', () => {
    expect(() => winningCell(undrawnAxes, -1, 3)).toThrow(RangeError);
    expect(() => winningCell(undrawnAxes, 1.5, 3)).toThrow(RangeError);
  });

  it('rolls an empty cell prize into the next period, and includes overtime in the final', () => {
    const holder = (index: number) =>
      index === cellIndex(2, 7) ? 'entry-1' : index === cellIndex(5, 1) ? 'entry-2' : null;
    const result = awards(
      undrawnAxes,
      nbaFinalsPrizes,
      [
        { key: 'q1', teamAScore: 27, teamBScore: 22 }, // cell (2,7): held
        { key: 'q2', teamAScore: 50, teamBScore: 50 }, // cell (0,0): empty, 100 rolls over
        { key: 'q3', teamAScore: 81, teamBScore: 75 }, // cell (5,1): held, 50 + 100
      ],
      holder,
    );
    expect(result).toEqual([
      { period: 'q1', cellIndex: 27, entryId: 'entry-1', prizeCents: 5000 },
      { period: 'q2', cellIndex: 0, entryId: null, prizeCents: 0 },
      { period: 'q3', cellIndex: 51, entryId: 'entry-2', prizeCents: 15000 },
    ]);
  });

  it('property: awarded prizes never exceed the table total', () => {
    fc.assert(
      fc.property(
        hexSeed,
        fc.array(fc.tuple(fc.nat(200), fc.nat(200)), { minLength: 4, maxLength: 4 }),
        fc.uniqueArray(fc.nat(99), { maxLength: 100 }),
        (seed, scores, held) => {
          const heldSet = new Set(held);
          const results = nbaFinalsPrizes.map((p, i) => ({
            key: p.key,
            teamAScore: scores[i]?.[0] ?? 0,
            teamBScore: scores[i]?.[1] ?? 0,
          }));
          const out = awards(drawAxes(seed), nbaFinalsPrizes, results, (i) => (heldSet.has(i) ? `e${i}` : null));
          const total = out.reduce((s, a) => s + a.prizeCents, 0);
          expect(total).toBeLessThanOrEqual(35000);
          if (held.length === 100) expect(total).toBe(35000);
        },
      ),
    );
  });
});

describe('rolled-over prizes in words', () => {
  it('names the next period of the prize table, or says the last one is not awarded', () => {
    expect(rolledOverText(nbaFinalsPrizes, 'q1')).toBe('rolled over to 2nd quarter');
    expect(rolledOverText(nbaFinalsPrizes, 'q3')).toBe('rolled over to Final score (including overtime)');
    expect(rolledOverText(nbaFinalsPrizes, 'final')).toBe('not awarded (no later period)');
  });
});

describe('a board that is over', () => {
  it('says a cancelled board refunds paid entries and collects no pledges, only where it had money', () => {
    const cancelled = (paymentRequired: boolean, pledges: boolean) =>
      boardOverMessage({ status: 'cancelled', paymentRequired, pledges }).text;
    expect(cancelled(true, true)).toBe(
      'It takes no more entries. Paid entries are refunded in full. Pledges made on it are not collected.',
    );
    expect(cancelled(false, true)).toBe('It takes no more entries. Pledges made on it are not collected.');
    expect(cancelled(false, false)).toBe('It takes no more entries.');
  });

  it('says a settled board is scored, whatever money it took', () => {
    for (const paymentRequired of [true, false])
      expect(boardOverMessage({ status: 'settled', paymentRequired, pledges: true })).toEqual({
        title: 'This board is settled',
        text: 'The game is over and every prize on this board is scored. It takes no more entries.',
      });
  });
});
