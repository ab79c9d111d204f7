import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  commitmentSchema,
  disabledGameInfoAmounts,
  disabledGameInfoReason,
  gameInfoAmounts,
} from '../../../../shared/contracts/boards';
import { parseDollars } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { DetailsList } from '../../../components/ui/details-list';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import type { ApiClientError } from '../../../lib/api-client';
import { noRules, useSchemaForm } from '../../../lib/form';
import { commitDonation } from '../api';

interface GameInfoState {
  formData?: { teamSupport?: string; organization?: string; referralCode?: string; gameCode?: string };
  /** The team's slug (a player portal's), shown title-cased when no `team` is given. */
  teamName?: string;
  /** The team as the board shows it ('Knicks vs Pacers'). */
  team?: string;
  /** The fan's own ticket, when the fan comes from their entry: it is the confirmation code. */
  ticketNumber?: string;
  donationAmount?: number;
}

/** The team name title-cased from its hyphenated slug. */
const titleCase = (slug: string) =>
  slug
    .split('-')
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(' ');

const offered = gameInfoAmounts.filter((a) => !disabledGameInfoAmounts.includes(a));

const orNot = (v: string | undefined) => (v?.trim() ? v : 'Not specified');

/** Game info: what the fan entered on the left; the donation pledge on the right. */
export function GameInfoPage() {
  const state = (useLocation().state ?? {}) as GameInfoState;
  const navigate = useNavigate();
  const { toast } = useToast();
  // Only an amount this page offers (and does not disable) is taken from the previous page.
  const preset = offered.find((a) => a === state.donationAmount) ?? null;
  // The amount is checked as it is chosen or typed, by the endpoint's own rule (below).
  const form = useSchemaForm(noRules, { amount: preset as number | null, custom: '', code: state.ticketNumber ?? '' });
  const { amount, custom, code } = form.values;
  const busy = form.busy;
  // A typed amount is read by the shared dollar parser and checked by the endpoint's own amount rule.
  const typed = parseDollars(custom);
  const chosenCents = custom.trim() !== '' ? (typed.ok ? typed.cents : null) : amount === null ? null : amount * 100;
  const checked = chosenCents === null ? null : commitmentSchema.shape.amountCents.safeParse(chosenCents);
  const customProblem = !typed.ok
    ? typed.message
    : checked && !checked.success
      ? checked.error.issues[0]?.message
      : undefined;
  const canProceed = !!checked?.success && code.trim() !== '' && !busy;

  const proceed = async (e: FormEvent) => {
    e.preventDefault();
    if (!canProceed || !checked?.success) return;
    await form.submitting(async () => {
      try {
        const summary = await commitDonation(code.trim(), checked.data);
        toast({
          title: 'Donation commitment recorded',
          description: `Thank you! Ticket ${summary.ticketNumber}.`,
          variant: 'success',
        });
        navigate(paths.enteredPage);
      } catch (err) {
        toast({ title: 'Donation not recorded', description: (err as ApiClientError).message, variant: 'error' });
      }
    });
  };

  const f = state.formData ?? {};
  return (
    <Page title="Game info" className="flex flex-col gap-6">
      <div>
        <Button variant="ghost" onClick={() => navigate(-1)}>
          ← Back
        </Button>
      </div>
      <h1 className="text-3xl font-black text-white">Game info</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="entry-info" className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
          <h2 id="entry-info" className="text-lg font-bold text-white">
            Your entry
          </h2>
          <DetailsList
            items={
              [
                ['Team', state.team ?? (state.teamName ? titleCase(state.teamName) : 'Not specified')],
                ['Team support', orNot(f.teamSupport)],
                ['Organization', orNot(f.organization)],
                ['Referral code', orNot(f.referralCode)],
                ['Game code', orNot(f.gameCode)],
              ] as const
            }
          />
        </section>
        <form
          onSubmit={proceed}
          className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
          noValidate
        >
          <h2 className="text-lg font-bold text-white">Donation</h2>
          {/* Honest money words: the pledge is a gift, never part of the entry's price or odds. */}
          <p className="text-sm text-slate-300" data-testid="commitment-note">
            A donation to the organization, apart from your board entry: it adds no cells and does not change your
            chances.
          </p>
          <fieldset className="grid grid-cols-5 gap-2">
            <legend className="mb-2 text-sm text-slate-300">Donation amount</legend>
            {gameInfoAmounts.map((a) => (
              <Button
                key={a}
                size="sm"
                variant={custom === '' && amount === a ? 'primary' : 'secondary'}
                disabled={disabledGameInfoAmounts.includes(a)}
                aria-describedby={disabledGameInfoAmounts.includes(a) ? 'game-info-disabled-reason' : undefined}
                aria-pressed={custom === '' && amount === a}
                onClick={() => {
                  form.set('amount', a);
                  form.set('custom', '');
                }}
              >
                ${a}
              </Button>
            ))}
            {disabledGameInfoAmounts.length > 0 && (
              <p id="game-info-disabled-reason" className="col-span-5 mt-1 text-xs text-slate-300">
                {disabledGameInfoReason(disabledGameInfoAmounts)}
              </p>
            )}
          </fieldset>
          <Input
            label="Custom amount ($)"
            inputMode="decimal"
            value={custom}
            onChange={(e) => form.set('custom', e.target.value)}
            error={custom.trim() === '' ? undefined : customProblem}
          />
          <Input
            label="Confirmation code"
            hint="Your ticket number or your 3-letter board code."
            value={code}
            onChange={(e) => form.set('code', e.target.value)}
          />
          <Button type="submit" size="lg" disabled={!canProceed}>
            {busy ? 'Please wait...' : 'Proceed with Donation'}
          </Button>
        </form>
      </div>
    </Page>
  );
}
