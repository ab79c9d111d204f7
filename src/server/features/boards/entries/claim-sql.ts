import { type Placeholder, type SQL, sql } from 'drizzle-orm';

export type ClaimResult =
  | { status: 'ok'; id: string; code: string; cells: number[]; count: number }
  | { status: 'replay'; id: string; code: string; ticket: string; amount: number | null; cells: number[] }
  | { status: 'full' }
  | { status: 'phone-limit'; limit: number }
  | { status: 'free-person-limit'; limit: number }
  | { status: 'free-board-limit'; limit: number }
  | { status: 'no-code' };

/**
 * fangrid_claim's parameters (migration 0024_board_modes.sql): each argument's name here, the function's
 * parameter it is passed to by name, and its SQL type (`?`: it may be null). The call, its placeholders and
 * the type of its arguments all derive from this one list, so an argument missing, extra, of the wrong type or
 * passed to the wrong parameter does not compile; tests/api/claim-params.test.ts checks the list against the
 * function's parameters in the database.
 */
export const claimParams = {
  board: ['p_board', 'uuid'],
  cells: ['p_cells', 'int'],
  capacity: ['p_capacity', 'int'],
  topic: ['p_topic', 'text'],
  user: ['p_user', 'text?'],
  phone: ['p_phone', 'text?'],
  nickname: ['p_nickname', 'text'],
  codes: ['p_codes', 'text[]'],
  amount: ['p_amount', 'int?'],
  teamSupport: ['p_team_support', 'text?'],
  organization: ['p_organization', 'text?'],
  referral: ['p_referral', 'text?'],
  gameCode: ['p_game_code', 'text?'],
  ticket: ['p_ticket', 'text'],
  idempotencyKey: ['p_key', 'text'],
  created: ['p_created', 'timestamptz'],
  heldUntil: ['p_held_until', 'timestamptz?'],
  phoneLimit: ['p_phone_limit', 'int?'],
  free: ['p_free', 'boolean'],
  freePerPerson: ['p_free_person_limit', 'int?'],
  freePerBoard: ['p_free_board_limit', 'int?'],
  state: ['p_state', 'text?'],
  ageConfirmedAt: ['p_age_confirmed_at', 'timestamptz?'],
  rulesAcceptedAt: ['p_rules_accepted_at', 'timestamptz?'],
} as const satisfies Record<string, readonly [`p_${string}`, keyof SqlValues]>;

/** The value each SQL type takes (`text[]` is sent as its literal, `{A,B}`). */
interface SqlValues {
  uuid: string;
  int: number;
  'int?': number | null;
  text: string;
  'text?': string | null;
  'text[]': string;
  boolean: boolean;
  timestamptz: Date;
  'timestamptz?': Date | null;
}

type ClaimParam = keyof typeof claimParams;

/** fangrid_claim's arguments, one value each. */
export type ClaimArgs = { [K in ClaimParam]: SqlValues[(typeof claimParams)[K][1]] };

const claimEntries = Object.entries(claimParams) as [ClaimParam, (typeof claimParams)[ClaimParam]][];

/** The call of fangrid_claim, each argument passed by name and cast to its parameter's type. */
export function claimCall(args: { [K in ClaimParam]: ClaimArgs[K] | Placeholder<K> }): SQL {
  const passed = claimEntries.map(
    ([name, [param, type]]) => sql`${sql.raw(param)} => ${args[name]}::${sql.raw(type.replace('?', ''))}`,
  );
  return sql`fangrid_claim(${sql.join(passed, sql`, `)})`;
}

/** The call with a placeholder of each argument's name, for a prepared statement. */
export const claimPlaceholders = () =>
  Object.fromEntries(claimEntries.map(([name]) => [name, sql.placeholder(name)])) as {
    [K in ClaimParam]: Placeholder<K>;
  };

/** fangrid_claim returns json: the parsed object, or its text where the driver leaves json unparsed. */
export const claimResult = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as ClaimResult;
