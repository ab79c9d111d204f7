import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminBoardSummary } from '../../../../shared/contracts/admin';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { Button, buttonClasses } from '../../../components/ui/button';
import { adminBoardQuery, adminBoardsQuery } from '../api';
import { useBoardOpsApi } from '../api-scope';
import { AdminSection, formatWhen, Loaded, TableBox, TableHead, td, tr } from './admin-ui';
import { BoardDetail, FeedProblemFlag } from './board-detail';
import { CreateBoardForm } from './create-board-form';
import { Payouts } from './payouts';

/**
 * What /admin-boards shows inside the admin gate (pages/admin-boards-page.tsx says what it is for): nothing is asked of the
 * admin API before the admin session exists.
 */
export function BoardsScreen({ boardHref }: BoardsScreenProps = {}) {
  const api = useBoardOpsApi();
  const boards = useQuery(adminBoardsQuery(api));
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <AdminSection
        id="boards"
        title="Boards"
        actions={
          api.can('board:create') && (
            <Button
              variant={creating ? 'ghost' : 'primary'}
              onClick={() => setCreating((c) => !c)}
              aria-expanded={creating}
            >
              {creating ? 'Close the form' : 'Create a board'}
            </Button>
          )
        }
      >
        {creating && boards.data && (
          <CreateBoardForm
            games={boards.data.games}
            onCreated={(slug) => {
              setCreating(false);
              if (boardHref) void navigate(boardHref(slug));
              else setSelected(slug);
            }}
          />
        )}
        {boards.isError ? (
          <LoadFailed message="We couldn't load the boards." onRetry={() => void boards.refetch()} />
        ) : !boards.data ? (
          // A screen's height: the list of every board usually runs past it, so the payouts below stay put.
          <Skeleton className="h-dvh" />
        ) : (
          <BoardsTable boards={boards.data.boards} selected={selected} onManage={setSelected} boardHref={boardHref} />
        )}
      </AdminSection>
      {/* A board not (yet) in the list, just created say, has its panel under the list. */}
      {selected && !boards.data?.boards.some((b) => b.slug === selected) && (
        <BoardPanel key={selected} slug={selected} onClose={() => setSelected(null)} />
      )}
      {!boardHref && <Payouts />}
    </>
  );
}

export interface BoardsScreenProps {
  /** Where a board opens as a screen of its own (an organization's boards); without it, in a panel in the list. */
  boardHref?: (slug: string) => string;
}

/** The id of a board's Manage button: closing its panel puts focus back on it. */
const manageId = (slug: string) => `manage-${slug}`;

const boardColumns = ['Board', 'Starts', 'Format', 'Status', 'Entries', 'Payment'] as const;

/**
 * Every board, one row each; the board being managed has its panel in a row right under its own. On a narrow
 * screen the table scrolls sideways in its box while the panel stays in view at the box's width.
 */
function BoardsTable({
  boards,
  selected,
  onManage,
  boardHref,
}: {
  boards: AdminBoardSummary[];
  selected: string | null;
  onManage: (slug: string | null) => void;
  boardHref: ((slug: string) => string) | undefined;
}) {
  if (boards.length === 0) return <p className="text-slate-300">No boards yet.</p>;
  const close = (slug: string) => {
    onManage(null);
    // Back to the button that opened the panel, so keyboard users carry on from the row they were on.
    requestAnimationFrame(() => document.getElementById(manageId(slug))?.focus());
  };
  return (
    <TableBox label="Boards" minWidth="min-w-[52rem]" container>
      <TableHead columns={boardColumns} actions />
      <tbody>
        {boards.map((b) => (
          <Fragment key={b.slug}>
            <tr className={tr}>
              <td className={td}>
                {b.game.teamA} vs {b.game.teamB}
                <span className="block text-xs text-slate-400">
                  {b.slug} · {b.game.league}
                </span>
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(b.game.startsAt)}</td>
              <td className={td}>{b.format}</td>
              <td className={td}>
                <span className="capitalize">{b.status}</span>
                <span className="block text-xs text-slate-400">{b.scoring === 'feed' ? 'Feed' : 'Manual'} scoring</span>
                {b.feedProblem && <FeedProblemFlag problem={b.feedProblem} compact />}
              </td>
              <td className={td}>
                {b.entryCount}/{b.capacity}
              </td>
              <td className={td}>{b.paymentRequired ? 'Checkout' : 'Pledges'}</td>
              <td className={td}>
                {boardHref ? (
                  <Link to={boardHref(b.slug)} className={buttonClasses('outline', 'sm')}>
                    Open<span className="sr-only"> {b.slug}</span>
                  </Link>
                ) : (
                  <Button id={manageId(b.slug)} size="sm" variant="outline" onClick={() => onManage(b.slug)}>
                    Manage<span className="sr-only"> {b.slug}</span>
                  </Button>
                )}
              </td>
            </tr>
            {selected === b.slug && (
              <tr className={tr}>
                <td colSpan={boardColumns.length + 1} className="p-0">
                  {/* As wide as the box shows and held at its left edge while the rows scroll sideways. */}
                  <div className="sticky left-0 w-[100cqw] p-2 sm:p-3">
                    <BoardPanel key={b.slug} slug={b.slug} onClose={() => close(b.slug)} />
                  </div>
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </TableBox>
  );
}

function BoardPanel({ slug, onClose }: { slug: string; onClose: () => void }) {
  const query = useQuery(adminBoardQuery(useBoardOpsApi(), slug));
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a board moves focus to its panel, so keyboard and screen reader users land on it.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="board-panel"
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-brand-500/40 bg-ink-900 p-3 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="board-panel" ref={heading} tabIndex={-1} className="text-xl font-bold text-white focus:outline-none">
          Manage {slug}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Close<span className="sr-only"> board {slug}</span>
        </Button>
      </div>
      <Loaded query={query} placeholder={<Skeleton className="h-40" />}>
        {(detail) => <BoardDetail detail={detail} />}
      </Loaded>
      <Payouts board={slug} headingLevel={3} />
    </section>
  );
}
