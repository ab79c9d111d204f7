import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import * as zm from 'zod/mini';
import type {
  AdminAddEntryInput,
  AdminBoardSummary,
  AdminImportEntriesInput,
  CreateBoardInput,
  FeedLeague,
} from '../../../shared/contracts/admin';
import {
  adminBoardDetailSchema,
  adminBoardSummarySchema,
  adminBoardsSchema,
  adminDonationsSchema,
  adminEntriesSchema,
  adminEntrySchema,
  adminImportResultSchema,
  adminKpisSchema,
  adminMarkCollectedResultSchema,
  auditLogSchema,
  feedGamesSchema,
  loginAttemptsSchema,
} from '../../../shared/contracts/admin';
import { adminPaths } from '../../../shared/contracts/api-paths/admin';
import { boardPaths } from '../../../shared/contracts/api-paths/boards';
import { boardEndPreviewSchema } from '../../../shared/contracts/board-ends';
import { boardViewResponseSchema } from '../../../shared/contracts/board-responses';
import { type ScoreInput, scorePreviewSchema } from '../../../shared/contracts/boards';
import type { DemoFilter } from '../../../shared/contracts/ledger';
import { okResponseSchema } from '../../../shared/contracts/ok';
import {
  claimCodeSchema,
  markPaidResultSchema,
  markReviewedResultSchema,
  type PayoutsQuery,
  type PrizeState,
  payoutsSchema,
} from '../../../shared/contracts/prizes';
import { ApiClientError, apiDelete, apiGet, apiPost } from '../../lib/api-client';
import { adminBoardOpsApi, type BoardOpsApi, type BoardOpsPaths, useBoardOpsApi } from './api-scope';

/**
 * Every admin call goes through here: when the server answers 401 (the admin session ended: 30 min idle,
 * 8 h at most, or left in another tab) the gate is asked again, so the screen falls back to step 1.
 */
async function admin<T>(client: QueryClient, call: () => Promise<T>, api: BoardOpsApi = adminBoardOpsApi): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 401) api.onUnauthorized(client);
    throw err;
  }
}

const adminKey = ['admin'] as const;

/** The KPIs of every board, or of all but the demo boards (`demo: 'exclude'`). */
export const adminKpisQuery = (demo: DemoFilter = 'include') =>
  queryOptions({
    queryKey: [...adminKey, 'kpis', demo],
    queryFn: ({ client, signal }) =>
      admin(client, () => apiGet(`${adminPaths.kpis}?demo=${demo}`, adminKpisSchema, { signal })),
  });

/** The newest donations with each monthly gift's state (null for one-time). */
export const adminDonationsQuery = queryOptions({
  queryKey: [...adminKey, 'donations'],
  queryFn: ({ client, signal }) =>
    admin(client, () => apiGet(`${adminPaths.donations}?limit=100`, adminDonationsSchema, { signal })),
});

export const auditLogQuery = queryOptions({
  queryKey: [...adminKey, 'audit'],
  queryFn: ({ client, signal }) =>
    admin(client, () => apiGet(`${adminPaths.audit}?limit=50`, auditLogSchema, { signal })),
});

export const loginAttemptsQuery = queryOptions({
  queryKey: [...adminKey, 'login-attempts'],
  queryFn: ({ client, signal }) =>
    admin(client, () => apiGet(adminPaths.loginAttempts, loginAttemptsSchema, { signal })),
});

export const ENTRIES_PAGE = 50;

/**
 * All entries (or one board's), newest first, a page at a time by the server's keyset cursor; with `cash`
 * 'to-return', the entries whose collected cash is to be returned (deleted ones too).
 */
export const adminEntriesQuery = (api: BoardOpsApi, board: string, cash?: 'to-return') =>
  infiniteQueryOptions({
    queryKey: [...api.key, 'entries', board, cash ?? 'listed'],
    initialPageParam: null as string | null,
    queryFn: ({ client, pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ENTRIES_PAGE) });
      if (board) params.set('board', board);
      if (cash) params.set('cash', cash);
      if (pageParam) params.set('cursor', pageParam);
      return admin(client, () => apiGet(`${api.paths.entries}?${params}`, adminEntriesSchema, { signal }), api);
    },
    getNextPageParam: (last) => last.nextCursor,
  });

/** How often the board list and an open board panel read a feed-scored board in play again, as the feed scores it. */
export const FEED_REREAD_MS = 30_000;
/** A board the feed is scoring now: feed-scored and locked (its game in play). */
export const feedBoardInPlay = (board: Pick<AdminBoardSummary, 'scoring' | 'status'>) =>
  board.scoring === 'feed' && board.status === 'locked';

/** Every board; re-read every 30 s while the feed is scoring one, so a feed problem is flagged without a reload. */
export const adminBoardsQuery = (api: BoardOpsApi) =>
  queryOptions({
    queryKey: [...api.key, 'boards'],
    queryFn: ({ client, signal }) => admin(client, () => apiGet(api.paths.boards, adminBoardsSchema, { signal }), api),
    refetchInterval: (q) => (q.state.data?.boards.some((b) => feedBoardInPlay(b)) ? FEED_REREAD_MS : false),
  });

/** The feed's schedule of one league (stored from the scores feed), to create a board on one of its games. */
export const feedGamesQuery = (api: BoardOpsApi, league: FeedLeague) =>
  queryOptions({
    queryKey: [...api.key, 'feed-games', league],
    queryFn: ({ client, signal }) =>
      admin(
        client,
        () =>
          apiGet(`${api.paths.feedGames}?${new URLSearchParams({ league })}`, feedGamesSchema, { signal }).then(
            (r) => r.games,
          ),
        api,
      ),
    staleTime: 60_000,
  });

/** One board as the organizer sees it; re-read every 30 s while the feed is scoring it. */
export const adminBoardQuery = (api: BoardOpsApi, slug: string) =>
  queryOptions({
    queryKey: [...api.key, 'board', slug],
    queryFn: ({ client, signal }) =>
      admin(client, () => apiGet(api.paths.board(slug), adminBoardDetailSchema, { signal }), api),
    refetchInterval: (q) => (q.state.data && feedBoardInPlay(q.state.data.board) ? FEED_REREAD_MS : false),
  });

/**
 * An admin change: on success every admin view (KPIs, entries, boards, audit log) is refetched. The
 * refetch is not awaited, so the caller's own callbacks run first, even when the refreshed list no
 * longer holds the row that made the change (a deleted entry's buttons unmount with it).
 */
function useAdminMutation<I, O>(fn: (input: I, paths: BoardOpsPaths, api: BoardOpsApi) => Promise<O>) {
  const client = useQueryClient();
  const api = useBoardOpsApi();
  return useMutation({
    mutationFn: (input: I) => admin(client, () => fn(input, api.paths, api), api),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: api.key });
    },
  });
}

export const useAddEntry = () =>
  useAdminMutation((input: AdminAddEntryInput, paths) => apiPost(paths.entries, input, adminEntrySchema));
export const useDeleteEntry = () =>
  useAdminMutation((id: string, paths) => apiDelete(paths.entry(id), okResponseSchema));
/** 'Refund': the entry's checkout payment refunded in full, the entry kept as Refunded with its cells free. */
export const useRefundEntry = () =>
  useAdminMutation((id: string, paths) => apiPost(paths.entryRefund(id), {}, adminEntrySchema));
/** 'Returned': the entry's cash to return was handed back (audited). */
export const useMarkReturned = () =>
  useAdminMutation((id: string, paths) => apiPost(paths.entryReturned(id), {}, adminEntrySchema));
/** 'Mark collected': the pledge of one entry is in hand (audited). */
export const useMarkPaid = () =>
  useAdminMutation((id: string, paths) => apiPost(paths.entryPaid(id), {}, adminEntrySchema));
/** 'Undo collected': a pledge marked collected by mistake is pledged again (audited). */
export const useUndoCollected = () =>
  useAdminMutation((id: string, paths) => apiDelete(paths.entryPaid(id), adminEntrySchema));
/** A CSV of many entries at once, all or nothing: what was added, or each line's problem (IMPORT_REFUSED). */
export const useImportEntries = () =>
  useAdminMutation((input: AdminImportEntriesInput, paths) =>
    apiPost(paths.entriesImport, input, adminImportResultSchema),
  );
/** 'Mark collected' for many entries at once: which changed, and why each other one did not. */
export const useMarkCollectedMany = () =>
  useAdminMutation((ids: string[], paths) => apiPost(paths.entriesPaid, { ids }, adminMarkCollectedResultSchema));
/** A new board; an organization's names the organization in its path, so its body carries none. */
export const useCreateBoard = () =>
  useAdminMutation((input: CreateBoardInput, paths, api) => {
    const { organization, ...orgBoard } = input;
    return apiPost(paths.boards, api.organization ? orgBoard : input, adminBoardSummarySchema);
  });

/** What an organizer can do to a board's state: lock it early, cancel it, or open a scheduled one early. */
export type BoardAction = 'lock' | 'cancel' | 'open';
const boardActionPaths: Record<BoardAction, (paths: BoardOpsPaths, slug: string) => string> = {
  lock: (paths, slug) => paths.boardLock(slug),
  cancel: (paths, slug) => paths.boardCancel(slug),
  open: (paths, slug) => paths.boardOpen(slug),
};
export const useBoardState = () =>
  useAdminMutation(({ slug, action }: { slug: string; action: BoardAction }, paths) =>
    apiPost(boardActionPaths[action](paths, slug), {}, adminBoardSummarySchema),
  );
/**
 * What cancelling, locking or voiding a board would do now, counted by the server: asked when a confirmation
 * opens, and read again after every admin change.
 */
export const boardEndPreviewQuery = (api: BoardOpsApi, slug: string) =>
  queryOptions({
    queryKey: [...api.key, 'board-end', slug],
    queryFn: ({ client, signal }) =>
      admin(client, () => apiGet(api.paths.boardEndPreview(slug), boardEndPreviewSchema, { signal }), api),
  });
/** Voids a board with the organizer's reason (its scored prizes stand); audited. */
export const useVoidBoard = () =>
  useAdminMutation(({ slug, reason }: { slug: string; reason: string }, paths) =>
    apiPost(paths.boardVoid(slug), { reason }, adminBoardSummarySchema),
  );
export const useScoreBoard = () =>
  useAdminMutation(({ slug, ...input }: ScoreInput & { slug: string }, paths) =>
    apiPost(paths.boardScores(slug), input, boardViewResponseSchema),
  );
/**
 * What saving a period's score would change (its score and winner now and after), asked before saving. It
 * changes nothing, so nothing is read again.
 */
export const useScorePreview = () => {
  const client = useQueryClient();
  const api = useBoardOpsApi();
  return useMutation({
    mutationFn: ({ slug, ...input }: ScoreInput & { slug: string }) =>
      admin(client, () => apiPost(api.paths.boardScoresPreview(slug), input, scorePreviewSchema), api),
  });
};

/**
 * Of the public board view, what the add-entry form needs: the amount rule, the legal mode and its published
 * eligibility (minimum age, whether the state is asked, the states excluded).
 */
const boardAmountSchema = zm.pick(boardViewResponseSchema, { entryRule: true, mode: true, legal: true });

/** A board's amount rule, as a fan's entry form reads it: an organizer's entry obeys the same rule. */
export const boardAmountQuery = (slug: string) =>
  queryOptions({
    queryKey: [...adminKey, 'board-amount', slug],
    queryFn: ({ signal }) => apiGet(boardPaths.board(slug), boardAmountSchema, { signal }),
    enabled: Boolean(slug),
    staleTime: 60_000,
  });
/** Confirm the feed's score of one period: later feed data no longer changes it. */
export const useConfirmResult = () =>
  useAdminMutation(({ slug, period }: { slug: string; period: string }, paths) =>
    apiPost(paths.boardResultConfirm(slug, period), {}, adminBoardDetailSchema),
  );
/** Switch a board to manual scoring (the feed leaves it alone) or back to feed scoring. */
export const useSetScoring = () =>
  useAdminMutation(({ slug, scoring }: { slug: string; scoring: AdminBoardSummary['scoring'] }, paths) =>
    apiPost(paths.boardScoring(slug), { scoring }, adminBoardSummarySchema),
  );

/** The payout ledger: every prize (or one board's), filtered by state, with the totals of the whole ledger. */
/** The ledger's flag filters: prizes a re-scoring flagged, or prizes at the tax reporting threshold. */
export type PayoutFlag = '' | 'needsReview' | 'taxReportable';

/**
 * The query string of what the ledger screen shows (`payoutsQuerySchema`): its board, state and flag. The list and
 * its CSV take the same one, so the download holds exactly the rows on screen.
 */
function payoutsSearch(board: string, state: PrizeState | '', flag: PayoutFlag): string {
  const query: PayoutsQuery = {
    ...(board ? { board } : {}),
    ...(state ? { state } : {}),
    ...(flag ? { [flag]: 'true' as const } : {}),
  };
  const params = new URLSearchParams(query as Record<string, string>);
  return params.size > 0 ? `?${params}` : '';
}

export const payoutsQuery = (api: BoardOpsApi, board: string, state: PrizeState | '', flag: PayoutFlag = '') =>
  queryOptions({
    queryKey: [...api.key, 'payouts', board, state, flag],
    queryFn: ({ client, signal }) =>
      admin(
        client,
        () => apiGet(`${api.paths.payouts}${payoutsSearch(board, state, flag)}`, payoutsSchema, { signal }),
        api,
      ),
  });

/** The payouts CSV of what the screen shows (one board's, or every board's; its filters), saved by the browser. */
export const payoutsCsvUrl = (api: BoardOpsApi, board: string, state: PrizeState | '', flag: PayoutFlag = '') =>
  `${api.paths.payoutsCsv}${payoutsSearch(board, state, flag)}`;

/** Marks a claimed prize paid with the organizer's reference (a check number, a transfer id). */
export const useMarkPrizePaid = () =>
  useAdminMutation(({ id, reference }: { id: string; reference: string }, paths) =>
    apiPost(paths.payoutPaid(id), { reference }, markPaidResultSchema).then((r) => r.prize),
  );

/** Clears the flag a re-scoring put on a prize once the organizer has checked it. */
export const useMarkPrizeReviewed = () =>
  useAdminMutation(({ id }: { id: string }, paths) =>
    apiPost(paths.payoutReviewed(id), {}, markReviewedResultSchema).then((r) => r.prize),
  );

/**
 * 'Show claim code': the organizer's code of an unclaimed prize with its claim link and QR (audited). Nothing on
 * the ledger changes, so nothing is read again.
 */
export const useShowClaimCode = () => {
  const client = useQueryClient();
  const api = useBoardOpsApi();
  return useMutation({
    mutationFn: (id: string) => admin(client, () => apiPost(api.paths.payoutClaimCode(id), {}, claimCodeSchema), api),
  });
};

/** 'Paid in cash': the prize was handed over at the venue, to the person named (audited). */
export const usePayInCash = () =>
  useAdminMutation(({ id, receivedBy }: { id: string; receivedBy: string }, paths) =>
    apiPost(paths.payoutPaidInCash(id), { receivedBy }, markPaidResultSchema).then((r) => r.prize),
  );
