import { type BoardsDeps, createBoardContext } from './board-context';
import { createBoardEnds } from './ends';
import { createEntries } from './entries/service';
import { createLifecycle } from './lifecycle/service';
import { createScoring } from './scoring/service';
import { createViews } from './views/service';

export {
  type AdminEntryInput,
  type BoardPrizes,
  type BoardsDeps,
  type EntryCheckout,
  type EntryRefunds,
  type FeedGames,
  newDrawSeed,
  nextSlug,
  type ResultSource,
  type ScoredAward,
  waitingForOfficialScore,
} from './board-context';

/**
 * Board rules with their transactions, in four parts that each read and write through their own SQL:
 * entries (entries/), a board's lifecycle (lifecycle/, with its cancel and void in ends.ts), scoring
 * (scoring/) and what fans and organizers read (views/).
 */
export function createBoardsService(deps: BoardsDeps) {
  const { repo, clock } = deps;
  const ctx = createBoardContext(deps, repo);
  const { refunds, prizes } = deps;
  const ends = createBoardEnds({
    repo,
    ends: deps.endsRepo,
    clock,
    load: ctx.load,
    refund: refunds ? (paymentId) => refunds.refundEntryPayment(paymentId) : undefined,
    notify: prizes ? (notices) => prizes.notifyEntrants(notices) : undefined,
    publicUrl: deps.publicUrl,
    log: deps.log,
  });
  const views = createViews(ctx, repo);
  return {
    ...createEntries(ctx, repo, { ends, summary: views.summary }),
    ...views,
    // Cancelling and voiding (ends.ts): cancel, voidBoard, end, tellCancelled, tellVoided.
    ...ends,
    ...createLifecycle(ctx, repo, ends),
    ...createScoring(ctx, repo, ends),
  };
}
export type BoardsService = ReturnType<typeof createBoardsService>;
