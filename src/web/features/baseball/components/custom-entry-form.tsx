import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { CustomEntry } from '../../../../shared/contracts/baseball';
import { customEntryProblem, mlbClubs } from '../../../../shared/domain/baseball';
import { dollarsToCents, formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, useSchemaForm } from '../../../lib/form';
import { createCustomEntry, customEntriesQuery } from '../api';
import { CustomEntriesList } from './custom-entries-list';

function ClubSelect(props: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className="h-11 rounded-xl border border-ink-600 bg-ink-950 px-3 text-base text-white focus:border-brand-400"
      >
        <option value="">Select a team</option>
        {mlbClubs.map((club) => (
          <option key={club} value={club}>
            {club}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The entry as sent: the amount in cents; its one problem (by the shared rule) is told in a toast. */
const customEntryRules = formRules(
  (v: { team1: string; team2: string; gameDate: string; amount: string; eligible: boolean }) => ({
    eligible: v.eligible ? undefined : eligibleProblem,
    entry:
      customEntryProblem({
        team1: v.team1,
        team2: v.team2,
        gameDate: v.gameDate,
        amountCents: dollarsToCents(v.amount),
      }) ?? undefined,
  }),
);

/** The box's refusal when left unticked (as on the board entry forms). */
const eligibleProblem = 'Tick the box to confirm your age and accept the official rules.';
/** A custom entry is not on a board: the age is the house minimum. */
const CUSTOM_MINIMUM_AGE = 18;

/** A fixture's teams and board, for the rules a custom entry is held to. */
export type RulesBoard = { teams: readonly [string, string]; boardSlug: string };

/**
 * The official rules a custom entry links to: those of the baseball board of the same two teams (either
 * order), else of the page's first baseball board (every baseball board has the same organizer and rules).
 */
export function customEntryRulesPath(boards: readonly RulesBoard[], team1: string, team2: string): string {
  const same = boards.find(
    (b) => (b.teams[0] === team1 && b.teams[1] === team2) || (b.teams[0] === team2 && b.teams[1] === team1),
  );
  const slug = (same ?? boards[0])?.boardSlug;
  return slug ? `${paths.boards}/${slug}/rules` : paths.faq;
}

/** 'Create Custom Game Entry': two different clubs of the 30, a date and at least $1. */
export function CustomEntryForm({ defaultDate, boards }: { defaultDate: string; boards: readonly RulesBoard[] }) {
  const form = useSchemaForm(customEntryRules, {
    team1: '',
    team2: '',
    gameDate: defaultDate,
    amount: '',
    eligible: false,
  });
  const { team1, team2, gameDate, amount } = form.values;
  const eligibleId = useId();
  const [created, setCreated] = useState<CustomEntry[]>([]);
  const saved = useQuery(customEntriesQuery);
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = form.check();
    const problem = checked.ok ? undefined : checked.fields.entry;
    form.fail({ eligible: checked.ok ? undefined : checked.fields.eligible });
    if (!checked.ok && checked.fields.eligible && !problem) return;
    if (problem) {
      const [title, description] = problem.includes(': ') ? problem.split(': ') : ['Check the entry', problem];
      toast({ title: title ?? problem, description, variant: 'error' });
      return;
    }
    await form.submitting(async () => {
      try {
        const entry = await createCustomEntry({
          team1,
          team2,
          gameDate,
          amountCents: dollarsToCents(amount),
          ageConfirmed: true,
          rulesAccepted: true,
        });
        setCreated((list) => [entry, ...list]);
        void queryClient.invalidateQueries({ queryKey: customEntriesQuery.queryKey });
        toast({
          title: 'Custom Game Entry Created!',
          description: `${entry.team1} vs ${entry.team2} on ${entry.gameDate}, ${formatCents(entry.amountCents)}.`,
          variant: 'success',
        });
        form.reset({ team1: '', team2: '', gameDate, amount: '', eligible: false });
      } catch (err) {
        toast({
          title: 'Entry not saved',
          description: err instanceof ApiClientError ? err.message : 'Please try again.',
          variant: 'error',
        });
      }
    });
  };

  const list = [...created, ...(saved.data?.entries ?? []).filter((s) => !created.some((c) => c.id === s.id))];

  return (
    <Card>
      <CardTitle>
        <span id="custom-entry-heading">Create Custom Game Entry</span>
      </CardTitle>
      <p className="mt-1 text-sm text-slate-300">Back any matchup of the 30 MLB clubs.</p>
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="custom-entry-heading"
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <ClubSelect label="Team 1" value={team1} onChange={(v) => form.set('team1', v)} />
        <ClubSelect label="Team 2" value={team2} onChange={(v) => form.set('team2', v)} />
        <Input label="Game date" type="date" value={gameDate} onChange={(e) => form.set('gameDate', e.target.value)} />
        <Input
          label="Donation amount ($)"
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          value={amount}
          onChange={(e) => form.set('amount', e.target.value)}
        />
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label className="flex items-start gap-3 text-sm text-slate-200">
            <input
              type="checkbox"
              name="eligible"
              data-testid="accept-rules"
              className="mt-0.5 size-5 shrink-0 rounded border-ink-600 bg-ink-950 accent-brand-500"
              checked={form.values.eligible}
              onChange={(e) => form.set('eligible', e.target.checked)}
              aria-invalid={form.errors.eligible ? true : undefined}
              aria-describedby={form.errors.eligible ? `${eligibleId}-error` : undefined}
              required
            />
            <span>
              I am at least {CUSTOM_MINIMUM_AGE} and agree to the{' '}
              <Link
                to={customEntryRulesPath(boards, team1, team2)}
                target="_blank"
                className="font-semibold text-brand-300 underline"
              >
                official rules
              </Link>
            </span>
          </label>
          {form.errors.eligible && (
            <p id={`${eligibleId}-error`} className="text-sm text-red-300">
              {form.errors.eligible}
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.busy}>
            {form.busy ? 'Please wait...' : 'Create Custom Game Entry'}
          </Button>
        </div>
      </form>
      {list.length > 0 && (
        <section aria-labelledby="custom-list-heading" className="mt-5">
          <h4 id="custom-list-heading" className="font-bold text-white">
            Your custom entries
          </h4>
          <CustomEntriesList entries={list} />
        </section>
      )}
    </Card>
  );
}
