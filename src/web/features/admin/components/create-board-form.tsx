import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import type { FeedGameSummary } from '../../../../shared/contracts/admin';
import { useToast } from '../../../components/ui/toast';
import { messageOf, useSchemaForm } from '../../../lib/form';
import { feedGamesQuery, useCreateBoard } from '../api';
import { useBoardOpsApi } from '../api-scope';
import { FormFooter } from './admin-ui';
import {
  BoardSettings,
  ClaimsFieldset,
  PaymentRequired,
  PrizeTableFieldset,
  UnfilledFieldset,
} from './create-board-fieldsets';
import { GameFieldset } from './create-board-game';
import { boardFormSchema, type Game, initialBoardValues, slugOf } from './create-board-values';

/**
 * Create a board: on a game already on record or a new one; format, entry rule, prize table
 * (a sport's template, editable), organization and whether entries pay through checkout. The shared
 * contract checks it here first and again on the server.
 */
export function CreateBoardForm({ games, onCreated }: { games: Game[]; onCreated: (slug: string) => void }) {
  const create = useCreateBoard();
  const api = useBoardOpsApi();
  const { toast } = useToast();
  // The feed's games as last listed (the form's values choose the league, so they are read after the form).
  const listed = useRef<readonly FeedGameSummary[]>([]);
  const schema = useMemo(() => boardFormSchema(games, () => listed.current), [games]);
  // An organization's board needs no organization typed: the request leaves it out (useCreateBoard).
  const form = useSchemaForm(schema, { ...initialBoardValues(games), organization: api.organization ?? '' });
  const [message, setMessage] = useState<string | null>(null);
  const v = form.values;
  const feedGames = useQuery({ ...feedGamesQuery(api, v.feedLeague), enabled: v.gameMode === 'feed' });
  listed.current = feedGames.data ?? [];
  const slug = slugOf(v, games, listed.current);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const input = form.validate();
    if (!input) {
      setMessage('Some fields are missing or invalid.');
      return;
    }
    create.mutate(input, {
      onSuccess: (board) => {
        toast({ title: 'Board created', description: `${board.slug} is ${board.status}.`, variant: 'success' });
        form.set('slug', '');
        form.clearErrors();
        onCreated(board.slug);
      },
      onError: (err) => {
        form.showServerErrors(err);
        setMessage(messageOf(err));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Create a board"
      className="flex flex-col gap-5 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      <GameFieldset form={form} games={games} feedGames={feedGames} />
      <BoardSettings form={form} slug={slug} />
      <PrizeTableFieldset form={form} />
      <PaymentRequired form={form} />
      <UnfilledFieldset form={form} />
      <ClaimsFieldset form={form} />
      <FormFooter message={message} pending={create.isPending} label="Create board" busyLabel="Creating..." />
    </form>
  );
}
