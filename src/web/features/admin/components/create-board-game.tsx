import type { UseQueryResult } from '@tanstack/react-query';
import { type FeedGameSummary, type FeedLeague, feedLeagues } from '../../../../shared/contracts/admin';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Choice } from './create-board-fieldsets';
import {
  type BoardForm,
  type BoardFormValues,
  feedTemplates,
  type Game,
  gameLabel,
  gameModeLabels,
  rowsOf,
} from './create-board-values';
import { FeedGamePicker } from './feed-game-picker';

/** A feed league chosen: its game is chosen again, and the prize template that fits its periods is offered. */
function chooseFeedLeague(form: BoardForm, league: FeedLeague) {
  form.set('feedLeague', league);
  form.set('feedEventId', '');
  const fitting = feedTemplates[league];
  if (fitting !== form.values.template) {
    form.set('template', fitting);
    form.set('rows', rowsOf(fitting));
  }
}

/** The board's game: one on record, one from the live feed, or a new one typed in. */
export function GameFieldset({
  form,
  games,
  feedGames,
}: {
  form: BoardForm;
  games: Game[];
  feedGames: Pick<UseQueryResult<FeedGameSummary[]>, 'data' | 'isError' | 'error' | 'refetch'>;
}) {
  const { values: v, set } = form;
  const { gameMode } = v;
  const error = (key: string) => form.errors[key];
  const chooseLeague = (league: FeedLeague) => chooseFeedLeague(form, league);
  const chooseGameMode = (mode: BoardFormValues['gameMode']) => {
    set('gameMode', mode);
    if (mode === 'feed') chooseLeague(v.feedLeague);
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-bold text-white">Game</legend>
      <div className="flex flex-wrap gap-4 text-sm text-slate-200">
        {(Object.keys(gameModeLabels) as BoardFormValues['gameMode'][]).map((mode) => (
          <Choice
            key={mode}
            type="radio"
            name="game-mode"
            checked={gameMode === mode}
            onChange={() => chooseGameMode(mode)}
          >
            {gameModeLabels[mode]}
          </Choice>
        ))}
      </div>
      {gameMode === 'feed' ? (
        <FeedGamePicker
          league={v.feedLeague}
          leagues={feedLeagues}
          onLeague={chooseLeague}
          games={feedGames}
          chosen={v.feedEventId}
          onChoose={(eventId) => set('feedEventId', eventId)}
          error={error('feedGame')}
        />
      ) : gameMode === 'existing' ? (
        <Select
          label="Game"
          options={games.map((g) => ({ value: g.id, label: gameLabel(g) }))}
          placeholder="Choose a game"
          {...form.field('gameId')}
        />
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          <Input label="League" maxLength={40} {...form.field('league', { errorAt: 'game.league' })} />
          <Input label="Venue" maxLength={100} {...form.field('venue', { errorAt: 'game.venue' })} />
          <Input label="Team A (columns)" maxLength={60} {...form.field('teamA', { errorAt: 'game.teamA' })} />
          <Input label="Team B (rows)" maxLength={60} {...form.field('teamB', { errorAt: 'game.teamB' })} />
          <Input
            label="Starts at (your local time)"
            type="datetime-local"
            {...form.field('startsAt', { errorAt: 'game.startsAt' })}
            hint="The board opens 1 hour before and locks at the start"
          />
        </div>
      )}
    </fieldset>
  );
}
