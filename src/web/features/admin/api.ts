import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminStatus } from '../../../shared/contracts/accounts';
import type {
  AdminAddEntryInput,
  AdminBoardDetail,
  AdminBoardSummary,
  AdminEntry,
  AdminKpis,
  AuditEvent,
  CreateBoardInput,
  LoginAttemptRow,
} from '../../../shared/contracts/admin';
import type { BoardView, ScoreInput } from '../../../shared/contracts/boards';
import { apiPaths } from '../../../shared/contracts/paths';
import { ApiClientError, apiDelete, apiGet, apiPost } from '../../lib/api-client';

export const adminStatusQuery = queryOptions({
  queryKey: ['admin-gate'],
  queryFn: ({ signal }) => apiGet<AdminStatus>(apiPaths.adminGate.status, { signal }),
  staleTime: 0,
});

export const adminGateApi = {
  passcode: (passcode: string) => apiPost(apiPaths.adminGate.passcode, { passcode }),
  phrase: (phrase: string) => apiPost(apiPaths.adminGate.phrase, { phrase }),
  signOut: () => apiPost(apiPaths.adminGate.signOut),
};

/**
 * Every admin call goes through here: when the server answers 401 (the admin session ended: 30 min idle,
 * 8 h at most, or left in another tab) the gate is asked again, so the screen falls back to step 1.
 */
async function admin<T>(client: QueryClient, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 401) {
      void client.invalidateQueries({ queryKey: adminStatusQuery.queryKey });
    }
    throw err;
  }
}

const adminKey = ['admin'] as const;

export const adminKpisQuery = queryOptions({
  queryKey: [...adminKey, 'kpis'],
  queryFn: ({ client, signal }) => admin(client, () => apiGet<AdminKpis>(apiPaths.admin.kpis, { signal })),
});

export const auditLogQuery = queryOptions({
  queryKey: [...adminKey, 'audit'],
  queryFn: ({ client, signal }) =>
    admin(client, () => apiGet<{ events: AuditEvent[] }>(`${apiPaths.admin.audit}?limit=50`, { signal })),
});

export const loginAttemptsQuery = queryOptions({
  queryKey: [...adminKey, 'login-attempts'],
  queryFn: ({ client, signal }) =>
    admin(client, () =>
      apiGet<{ attempts: LoginAttemptRow[]; total: number }>(apiPaths.admin.loginAttempts, { signal }),
    ),
});

export const ENTRIES_PAGE = 50;

/** All entries (or one board's), newest first, a page at a time by the server's keyset cursor. */
export const adminEntriesQuery = (board: string) =>
  infiniteQueryOptions({
    queryKey: [...adminKey, 'entries', board],
    initialPageParam: null as string | null,
    queryFn: ({ client, pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ENTRIES_PAGE) });
      if (board) params.set('board', board);
      if (pageParam) params.set('cursor', pageParam);
      return admin(client, () =>
        apiGet<{ entries: AdminEntry[]; nextCursor: string | null }>(`${apiPaths.admin.entries}?${params}`, {
          signal,
        }),
      );
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export const adminBoardsQuery = queryOptions({
  queryKey: [...adminKey, 'boards'],
  queryFn: ({ client, signal }) =>
    admin(client, () =>
      apiGet<{ boards: AdminBoardSummary[]; games: Array<AdminBoardSummary['game']> }>(apiPaths.admin.boards, {
        signal,
      }),
    ),
});

export const adminBoardQuery = (slug: string) =>
  queryOptions({
    queryKey: [...adminKey, 'board', slug],
    queryFn: ({ client, signal }) =>
      admin(client, () => apiGet<AdminBoardDetail>(apiPaths.admin.board(slug), { signal })),
  });

/**
 * An admin change: on success every admin view (KPIs, entries, boards, audit log) is refetched. The
 * refetch is not awaited, so the caller's own callbacks run first, even when the refreshed list no
 * longer holds the row that made the change (a deleted entry's buttons unmount with it).
 */
function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => admin(client, () => fn(input)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKey });
    },
  });
}

export const useAddEntry = () =>
  useAdminMutation((input: AdminAddEntryInput) => apiPost<AdminEntry>(apiPaths.admin.entries, input));
export const useDeleteEntry = () => useAdminMutation((id: string) => apiDelete(apiPaths.admin.entry(id)));
export const useMarkPaid = () => useAdminMutation((id: string) => apiPost<AdminEntry>(apiPaths.admin.entryPaid(id)));
export const useCreateBoard = () =>
  useAdminMutation((input: CreateBoardInput) => apiPost<AdminBoardSummary>(apiPaths.admin.boards, input));
export const useBoardState = () =>
  useAdminMutation(({ slug, action }: { slug: string; action: 'lock' | 'cancel' }) =>
    apiPost<AdminBoardSummary>(action === 'lock' ? apiPaths.admin.boardLock(slug) : apiPaths.admin.boardCancel(slug)),
  );
export const useScoreBoard = () =>
  useAdminMutation(({ slug, ...input }: ScoreInput & { slug: string }) =>
    apiPost<BoardView>(apiPaths.admin.boardScores(slug), input),
  );
