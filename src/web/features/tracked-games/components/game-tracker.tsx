import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CheckCircle2, Gamepad2 } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Link } from 'react-router';
import type { TrackedGame } from '../../../../shared/contracts/tracked-games';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import {
  isCalendarDate,
  type TrackedGameField,
  trackedGameLimits,
  trackedGameMessages,
  trackedGameProblems,
} from '../../../../shared/domain/tracked-games';
import { paths } from '../../../app/paths';
import { DataOwnerGate } from '../../../components/data-owner-gate';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { OnDemandAddForm } from '../../../components/on-demand-form';
import { RemoveButton } from '../../../components/remove-button';
import { TitledItem } from '../../../components/titled-item';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import type { DataOwner } from '../../../lib/owner';
import { trackedGamesQuery, useTrackedGameMutations } from '../tracked-games';

const emptyForm: Record<TrackedGameField, string> = { title: '', description: '', category: '' };
const trackedGameRules = formRules(trackedGameProblems);
/** A release date is optional, and a real calendar date when given. */
const releaseDateRules = formRules(({ releaseDate }: { releaseDate: string }) => ({
  releaseDate: releaseDate && !isCalendarDate(releaseDate) ? trackedGameMessages.releaseDateInvalid : undefined,
}));

/**
 * Game manager (gaming hub) and game tracker (Fan Central): the fan's tracked games, available or
 * coming soon. A signed-in fan's are kept on the server, a visitor's in this browser.
 */
export function GameTracker({ title, id }: { title: string; id: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-2xl font-black text-white">
        <Gamepad2 aria-hidden="true" className="size-6 text-brand-400" /> {title}
      </h2>
      <p className="mt-1 text-slate-300">Keep a list of the games you play and the ones you are waiting for.</p>
      <DataOwnerGate failedClassName="mt-4" loading={<Skeleton className="mt-4 h-24" />}>
        {(owner) => (
          <>
            {owner.kind === 'local' && (
              <p className="mt-2 text-sm text-slate-300">
                Saved in this browser.{' '}
                <Link to={paths.login} className="font-semibold text-brand-300 underline">
                  Sign in to keep your games in your account
                </Link>
              </p>
            )}
            <TrackedGames owner={owner} />
          </>
        )}
      </DataOwnerGate>
    </section>
  );
}

function TrackedGames({ owner }: { owner: DataOwner }) {
  const list = useQuery(trackedGamesQuery(owner));
  const { add, update, remove } = useTrackedGameMutations(owner);
  const { toast } = useToast();
  const gameForm = useSchemaForm(trackedGameRules, emptyForm);
  const { values: form, errors, set } = gameForm;
  const descriptionId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    gameForm.clearErrors();
    if (!gameForm.validate()) {
      const missing = Object.values(trackedGameProblems(form)).some((p) => p?.endsWith('is required'));
      if (missing)
        toast({ ...trackedGameMessages.missing, description: trackedGameMessages.missing.message, variant: 'error' });
      return;
    }
    add.mutate(
      { title: form.title.trim(), description: form.description.trim(), category: form.category.trim() },
      {
        onSuccess: (game) => {
          gameForm.reset();
          toast({ title: 'Game added', description: `${game.title} is on your list.`, variant: 'success' });
        },
        onError: (err) => {
          gameForm.showServerErrors(err);
          toast({ title: 'Could not add the game', description: messageOf(err), variant: 'error' });
        },
      },
    );
  };

  const change = (game: TrackedGame, body: { status?: TrackedGame['status']; releaseDate?: string | null }) =>
    update.mutate(
      { id: game.id, change: body },
      {
        onError: (err) => toast({ title: 'Could not update the game', description: messageOf(err), variant: 'error' }),
      },
    );

  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="min-w-0">
        <h3 className="text-lg font-bold text-white">Your games</h3>
        {list.isError ? (
          <div className="mt-3">
            <LoadFailed message="We couldn't load your games." onRetry={() => void list.refetch()} />
          </div>
        ) : !list.data ? (
          <div className="mt-3 flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : list.data.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-ink-600 p-5 text-slate-300">No games tracked yet</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3" aria-label="Tracked games">
            {list.data.map((game) => (
              <TrackedGameItem
                key={game.id}
                game={game}
                busy={
                  (update.isPending && update.variables?.id === game.id) ||
                  (remove.isPending && remove.variables === game.id)
                }
                onStatus={(status) => change(game, { status })}
                onReleaseDate={(releaseDate) => change(game, { releaseDate })}
                onRemove={() =>
                  remove.mutate(game.id, {
                    onSuccess: () => toast({ title: 'Game removed', description: `${game.title} is off your list.` }),
                    onError: (err) =>
                      toast({ title: 'Could not remove the game', description: messageOf(err), variant: 'error' }),
                  })
                }
              />
            ))}
          </ul>
        )}
      </div>
      <OnDemandAddForm
        openLabel="Add a game"
        formLabel="Add a game"
        onSubmit={submit}
        pending={add.isPending}
        submitLabel="Add Game"
      >
        <Input label="Title" maxLength={trackedGameLimits.title} autoComplete="off" {...gameForm.field('title')} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={descriptionId} className="text-sm font-medium text-slate-200">
            Description
          </label>
          <textarea
            id={descriptionId}
            value={form.description}
            maxLength={trackedGameLimits.description}
            rows={3}
            onChange={(e) => set('description', e.target.value)}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
            className={cn(
              'rounded-xl border bg-ink-950 px-3 py-2 text-base text-white placeholder:text-slate-400',
              errors.description ? 'border-red-400' : 'border-ink-600 focus:border-brand-400',
            )}
          />
          {errors.description && (
            <p id={`${descriptionId}-error`} className="text-sm text-red-300">
              {errors.description}
            </p>
          )}
        </div>
        <Input
          label="Category"
          maxLength={trackedGameLimits.category}
          hint="For example Action, Strategy, RPG or Simulation"
          autoComplete="off"
          {...gameForm.field('category')}
        />
      </OnDemandAddForm>
    </div>
  );
}

function TrackedGameItem({
  game,
  busy,
  onStatus,
  onReleaseDate,
  onRemove,
}: {
  game: TrackedGame;
  busy: boolean;
  onStatus: (status: TrackedGame['status']) => void;
  onReleaseDate: (releaseDate: string | null) => void;
  onRemove: () => void;
}) {
  const comingSoon = game.status === 'coming-soon';
  return (
    <TitledItem
      title={game.title}
      meta={
        <p className="text-xs text-slate-400">
          {game.category} · Added {formatCalendarDay(game.dateAdded.slice(0, 10))}
        </p>
      }
      tag={
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold',
            comingSoon ? 'bg-sky-900 text-sky-100' : 'bg-emerald-900 text-emerald-100',
          )}
        >
          {comingSoon ? (
            <CalendarClock aria-hidden="true" className="size-3.5" />
          ) : (
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
          )}
          {comingSoon ? 'Coming Soon' : 'Available'}
        </span>
      }
    >
      <p className="mt-2 text-sm break-words text-slate-300">{game.description}</p>
      {comingSoon && (
        <p className="mt-2 text-sm text-slate-200">
          Expected release: {game.releaseDate ? formatCalendarDay(game.releaseDate) : 'Not set'}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={!comingSoon || busy} onClick={() => onStatus('available')}>
          Mark Available<span className="sr-only">: {game.title}</span>
        </Button>
        <Button size="sm" variant="secondary" disabled={comingSoon || busy} onClick={() => onStatus('coming-soon')}>
          Mark Coming Soon<span className="sr-only">: {game.title}</span>
        </Button>
        <RemoveButton name={game.title} disabled={busy} onClick={onRemove} />
      </div>
      {comingSoon && <ReleaseDateForm key={game.releaseDate} game={game} busy={busy} onSave={onReleaseDate} />}
    </TitledItem>
  );
}

/** The expected release date, shown only while a game is coming soon. */
function ReleaseDateForm({
  game,
  busy,
  onSave,
}: {
  game: TrackedGame;
  busy: boolean;
  onSave: (releaseDate: string | null) => void;
}) {
  const form = useSchemaForm(releaseDateRules, { releaseDate: game.releaseDate ?? '' });
  const value = form.values.releaseDate;
  return (
    <form
      noValidate
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        form.clearErrors();
        if (!form.validate()) return;
        onSave(value || null);
      }}
    >
      <div className="min-w-0 flex-1">
        <Input
          type="date"
          label="Expected release date"
          value={value}
          onChange={(e) => form.set('releaseDate', e.target.value)}
          error={form.errors.releaseDate}
        />
      </div>
      <Button type="submit" size="md" variant="outline" disabled={busy}>
        Save date<span className="sr-only"> for {game.title}</span>
      </Button>
    </form>
  );
}
