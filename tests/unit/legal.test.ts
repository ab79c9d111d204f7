import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { donationReceiptEmail } from '../../src/server/features/payments/emails';
import { organizationOf, recipientOf } from '../../src/server/features/payments/monthly';
import { createBoardSchema } from '../../src/shared/contracts/admin';
import { createEntrySchema, createFreeEntrySchema } from '../../src/shared/contracts/boards';
import { entryRules, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import {
  type BoardMode,
  boardModeProblems,
  boardModes,
  buildOfficialRules,
  defaultExcludedStates,
  entryMoneyWords,
  freeEntryOffered,
  isUsState,
  moneyAllowed,
  noGoodsOrServices,
  parseStateList,
  type RulesSource,
  registrationProblem,
  registrationRequired,
  rulesAsText,
  stateProblem,
  stateRequired,
  usStateCodes,
  wordCount,
} from '../../src/shared/domain/legal';

const source = (over: Partial<RulesSource> = {}): RulesSource => ({
  slug: 'thunder-pacers',
  game: { league: 'NBA', teamA: 'Thunder', teamB: 'Pacers', startsAt: '2025-06-22T20:00:00.000Z' },
  format: '1v99',
  organization: 'Thunder Cares',
  mode: 'sweepstakes',
  legal: {
    legalName: null,
    registration: null,
    beneficiary: null,
    minimumAge: 18,
    freeEntriesPerPerson: 1,
    freeEntriesPerBoard: null,
    excludedStates: ['FL', 'NY', 'RI'],
    stateRequired: true,
  },
  entryRule: entryRules.presets,
  paymentRequired: true,
  holdMinutes: 15,
  prizeTable: nbaFinalsPrizes,
  capacity: 100,
  seedHash: 'ab'.repeat(32),
  unfilled: { policy: 'play-on', minEntries: null },
  claimWindowDays: 30,
  payoutMethods: ['pickup', 'check'],
  ...over,
});

describe('mode rules', () => {
  it('a charitable raffle needs a registration and takes money; it offers no free entry', () => {
    expect(registrationRequired('charitable-raffle')).toBe(true);
    expect(moneyAllowed('charitable-raffle')).toBe(true);
    expect(freeEntryOffered('charitable-raffle')).toBe(false);
  });

  it('a sweepstakes takes money only beside a free entry; free-to-play takes no money and offers no free entry', () => {
    expect(moneyAllowed('sweepstakes') && freeEntryOffered('sweepstakes')).toBe(true);
    expect(registrationRequired('sweepstakes')).toBe(false);
    expect(moneyAllowed('free-to-play')).toBe(false);
    expect(freeEntryOffered('free-to-play')).toBe(false);
  });

  it('every mode that takes money also restricts states (property over modes and excluded lists)', () => {
    const states = fc.subarray(usStateCodes);
    fc.assert(
      fc.property(fc.constantFrom(...boardModes), states, (mode: BoardMode, excluded) => {
        const required = stateRequired(mode, excluded);
        if (moneyAllowed(mode)) expect(required).toBe(true);
        if (excluded.length > 0) expect(required).toBe(true);
        if (mode === 'free-to-play' && excluded.length === 0) expect(required).toBe(false);
      }),
    );
  });

  it('a mode needs the fields its rules name, and free-to-play refuses any money setting (property)', () => {
    const rule = fc.constantFrom(entryRules.noAmount, entryRules.presets, entryRules.thunder);
    const text = fc.option(fc.constantFrom('', '  ', 'Fund Inc.', '12-3456789'), { nil: null });
    fc.assert(
      fc.property(
        fc.constantFrom(...boardModes),
        rule,
        fc.boolean(),
        text,
        text,
        (mode, entryRule, paid, name, reg) => {
          const problems = boardModeProblems({
            mode,
            entryRule,
            paymentRequired: paid,
            legalName: name,
            registration: reg,
          });
          const money = entryRule.kind !== 'no-amount' || paid;
          expect('entryRule' in problems || 'paymentRequired' in problems).toBe(mode === 'free-to-play' && money);
          expect('legalName' in problems).toBe(mode === 'charitable-raffle' && !name?.trim());
          expect('registration' in problems).toBe(mode === 'charitable-raffle' && !reg?.trim());
        },
      ),
    );
  });
});

describe('states', () => {
  it('knows the 50 states and DC, and nothing else', () => {
    expect(usStateCodes).toHaveLength(51);
    expect(isUsState('DC')).toBe(true);
    for (const wrong of ['PR', 'GU', 'XX', 'ny', '', 'toString', 'constructor']) expect(isUsState(wrong)).toBe(false);
  });

  it('parses a configured list: case, spaces and repeats are fine; a wrong code is named', () => {
    expect(parseStateList(' ny, fl ,NY,,')).toEqual(['FL', 'NY']);
    expect(parseStateList('')).toEqual([]);
    expect(parseStateList('NY,XX,PR')).toBe('"XX", "PR" are not US state codes (two letters, e.g. NY, DC)');
  });

  it('the default lists are real states', () => {
    for (const list of Object.values(defaultExcludedStates)) expect(list.every(isUsState)).toBe(true);
  });

  it('refuses a missing state where required and an excluded one, naming the rule', () => {
    expect(stateProblem('sweepstakes', ['NY'], undefined)?.kind).toBe('required');
    expect(stateProblem('sweepstakes', ['NY'], 'NY')).toEqual({
      kind: 'excluded',
      message: 'Entries from New York are not accepted: the official rules of this sweepstakes exclude NY.',
    });
    expect(stateProblem('sweepstakes', ['NY'], 'OH')).toBeNull();
    expect(stateProblem('free-to-play', [], undefined)).toBeNull();
  });

  it('any state is allowed exactly when it is not excluded (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...boardModes),
        fc.subarray(usStateCodes),
        fc.constantFrom(...usStateCodes),
        (m, ex, s) => {
          expect(stateProblem(m, ex, s) === null).toBe(!ex.includes(s));
        },
      ),
    );
  });
});

describe('registration', () => {
  it('takes an EIN as NN-NNNNNNN or a state licence number', () => {
    expect(registrationProblem('12-3456789')).toBeNull();
    expect(registrationProblem('CA-RAF-2024/118')).toBeNull();
    expect(registrationProblem('123456789')).toMatch(/NN-NNNNNNN/);
    expect(registrationProblem('123-456789')).toMatch(/NN-NNNNNNN/);
    expect(registrationProblem('x')).toMatch(/EIN/);
    expect(registrationProblem('<script>')).toMatch(/EIN/);
  });

  it('every well-formed EIN passes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9_999_999 }), (a, b) => {
        expect(registrationProblem(`${String(a).padStart(2, '0')}-${String(b).padStart(7, '0')}`)).toBeNull();
      }),
    );
  });
});

describe('contracts', () => {
  const entry = { phone: '+12025550186', nickname: 'Ann', idempotencyKey: 'abcdefgh-1' };
  it('an entry needs both ticks, true only, and a real state when given', () => {
    expect(createEntrySchema.safeParse(entry).success).toBe(false);
    expect(createEntrySchema.safeParse({ ...entry, ageConfirmed: false, rulesAccepted: true }).success).toBe(false);
    expect(createEntrySchema.safeParse({ ...entry, ageConfirmed: 'true', rulesAccepted: true }).success).toBe(false);
    const ok = createEntrySchema.safeParse({ ...entry, ageConfirmed: true, rulesAccepted: true, state: 'dc' });
    expect(ok.success && ok.data.state).toBe('DC');
    expect(
      createEntrySchema.safeParse({ ...entry, ageConfirmed: true, rulesAccepted: true, state: 'PR' }).success,
    ).toBe(false);
  });

  it('a free entry takes no amount', () => {
    const free = { ...entry, ageConfirmed: true, rulesAccepted: true, code: '012345' };
    expect(createFreeEntrySchema.safeParse(free).success).toBe(true);
    // It needs the code texted to its number: 6 digits.
    for (const code of [undefined, '', '12345', '1234567', '12345a']) {
      expect(createFreeEntrySchema.safeParse({ ...free, code }).success, String(code)).toBe(false);
    }
    expect(createFreeEntrySchema.safeParse({ ...free, amountCents: 0 }).success).toBe(true);
    expect(createFreeEntrySchema.safeParse({ ...free, amountCents: 500 }).success).toBe(false);
  });

  it('a board is created with a mode; a raffle names its organization; free-to-play takes no money', () => {
    const board = {
      slug: 'a-board',
      gameId: '00000000-0000-4000-8000-000000000000',
      format: '1v99',
      entryRule: entryRules.presets,
      prizeTable: nbaFinalsPrizes,
      organization: 'Org',
      paymentRequired: false,
    };
    expect(createBoardSchema.safeParse(board).success).toBe(false);
    expect(createBoardSchema.safeParse({ ...board, mode: 'sweepstakes' }).success).toBe(true);
    const raffle = createBoardSchema.safeParse({ ...board, mode: 'charitable-raffle' });
    expect(raffle.success).toBe(false);
    expect(raffle.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['legalName', 'registration']);
    expect(
      createBoardSchema.safeParse({
        ...board,
        mode: 'charitable-raffle',
        legalName: 'Org Inc.',
        registration: '12-3456789',
      }).success,
    ).toBe(true);
    expect(createBoardSchema.safeParse({ ...board, mode: 'free-to-play' }).success).toBe(false);
    expect(
      createBoardSchema.safeParse({ ...board, mode: 'free-to-play', entryRule: entryRules.noAmount }).success,
    ).toBe(true);
    for (const minimumAge of [17, 22, 18.5]) {
      expect(createBoardSchema.safeParse({ ...board, mode: 'sweepstakes', minimumAge }).success).toBe(false);
    }
  });
});

describe('official rules', () => {
  const ids = [
    'organizer',
    'mode',
    'eligibility',
    'how-to-enter',
    'entry-window',
    'prizes',
    'draw',
    'winning',
    'empty-cells',
    'postponed',
    'claims',
    'privacy',
  ];

  it('covers every topic, in order, for every mode', () => {
    for (const mode of boardModes) {
      expect(buildOfficialRules(source({ mode })).sections.map((s) => s.id)).toEqual(ids);
    }
  });

  it('a sweepstakes states the free method of entry, its limits, and that paying does not help', () => {
    const text = rulesAsText(buildOfficialRules(source({ legal: { ...source().legal, freeEntriesPerBoard: 20 } })));
    expect(text).toContain('no purchase necessary');
    expect(text).toContain('Free entry');
    expect(text).toContain('limit 1 per phone number, 20 per board');
    expect(text).toContain('use the Free entry form with a code we text you');
    expect(text).toContain('except FL, NY and RI');
    expect(text).toContain(entryMoneyWords.notDonation);
  });

  it('a raffle names its legal name, registration and beneficiary; free-to-play mentions no payment', () => {
    const raffle = rulesAsText(
      buildOfficialRules(
        source({
          mode: 'charitable-raffle',
          paymentRequired: false,
          legal: {
            ...source().legal,
            legalName: 'Thunder Cares Inc.',
            registration: '12-3456789',
            beneficiary: 'Youth hoops',
          },
        }),
      ),
    );
    expect(raffle).toContain('Run by Thunder Cares Inc. (registration 12-3456789) for Youth hoops.');
    expect(raffle).not.toContain('Free entry');
    const free = rulesAsText(
      buildOfficialRules(
        source({
          mode: 'free-to-play',
          entryRule: entryRules.noAmount,
          paymentRequired: false,
          legal: { ...source().legal, excludedStates: [], stateRequired: false },
        }),
      ),
    );
    expect(free).toContain('no money is taken');
    expect(free).not.toMatch(/checkout|refunded|pay an entry/i);
    expect(free).not.toMatch(/donation|tax-deductible/i);
  });

  it('reads in under a minute on a phone: under 300 words whatever the settings (docs/product.md), short sentences read at about 300 words a minute (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...boardModes),
        fc.boolean(),
        fc.integer({ min: 18, max: 21 }),
        fc.subarray(usStateCodes, { maxLength: 6 }),
        (mode, paid, minimumAge, excluded) => {
          const doc = buildOfficialRules(
            source({
              mode,
              paymentRequired: paid,
              legal: { ...source().legal, minimumAge, excludedStates: excluded, legalName: 'A Long Legal Name Inc.' },
            }),
          );
          expect(wordCount(rulesAsText(doc))).toBeLessThan(300);
          expect(rulesAsText(doc)).toContain(`${minimumAge} or older`);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('donation receipts', () => {
  const donation = {
    id: 'd1',
    reference: 'DON-ABC123',
    kind: 'game' as const,
    type: 'one-time' as const,
    amountCents: 2500,
    donorName: 'Ann',
    donorEmail: 'ann@example.com',
    donorPhone: null,
    message: null,
    gameData: { title: 'Thunder vs Pacers', organization: 'Thunder Cares' },
    organizationId: null,
    status: 'completed' as const,
    userId: null,
    paymentId: 'p1',
    createdAt: new Date('2025-06-11T16:00:00Z'),
    completedAt: new Date('2025-06-11T16:05:00Z'),
  };

  it('name the organization that receives the gift and say no goods or services were provided', () => {
    const mail = donationReceiptEmail(donation, 'http://localhost:3000/x', {
      testMode: false,
      organization: recipientOf(donation),
      manageUrl: null,
    });
    expect(mail.text).toContain('Organization: Thunder Cares');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('charitable gift to Thunder Cares');
      expect(body).toContain(noGoodsOrServices);
      expect(body).not.toMatch(/tax-deductible/i);
    }
    // A gift whose game names no organization went to FanGrid, which took it: a game's title is not a recipient.
    const untitled = { ...donation, gameData: { title: 'Sky vs Fever' } };
    const platform = donationReceiptEmail(untitled, 'http://x', {
      testMode: false,
      organization: recipientOf(untitled),
      manageUrl: null,
    });
    expect(platform.text).toContain('Organization: FanGrid');
    expect(platform.text).toContain('charitable gift to FanGrid');
    expect(platform.text).not.toContain('gift to Sky vs Fever');
    // The donor's page still tells such gifts apart by their game.
    expect(organizationOf(untitled)).toBe('Sky vs Fever');
  });
});
