import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import type { OrgRole } from '../../../../shared/domain/org-roles';
import { Skeleton } from '../../../components/layout/page';
import { adminBoardQuery } from '../api';
import { BoardOpsApiContext, organizerBoardOpsApi, useBoardOpsApi } from '../api-scope';
import { Loaded } from './admin-ui';
import { BoardDetail } from './board-detail';

/**
 * The board screens below talk to one organization's organizer API and offer what `role` may do there, instead of
 * the platform admin's API.
 */
export function OrgBoardOps({ org, role, children }: { org: string; role: OrgRole; children: ReactNode }) {
  const api = useMemo(() => organizerBoardOpsApi(org, role), [org, role]);
  return <BoardOpsApiContext value={api}>{children}</BoardOpsApiContext>;
}

/** One board of the API in scope: its facts, the actions the role may take, its scores and winners. */
export function BoardScreen({ slug }: { slug: string }) {
  const query = useQuery(adminBoardQuery(useBoardOpsApi(), slug));
  return (
    <Loaded query={query} placeholder={<Skeleton className="h-dvh" />}>
      {(detail) => <BoardDetail detail={detail} />}
    </Loaded>
  );
}
