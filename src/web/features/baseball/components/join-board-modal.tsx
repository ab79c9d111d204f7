import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { EntryCreated } from '../../../../shared/contracts/board-responses';
import type { BaseballFixture } from '../../../../shared/contracts/pages/baseball';
import { fixtureGameCode } from '../../../../shared/domain/baseball';
import { amountProblem } from '../../../../shared/domain/boards';
import { dollarsToCents } from '../../../../shared/domain/money';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import {
  chosenStateProblem,
  closureMessage,
  EligibilityBox,
  NextBoardAlert,
  PhoneAndNickname,
  SmsConsentBox,
  StateSelect,
  stateRuleOf,
  useEntryForm,
} from '../../boards';
import { fixtureBoardQuery } from '../api';

/**
 * Join-game-board modal of the baseball screen: phone, nickname and a support amount
 * (presets or custom) are required; referral code optional; organization fixed (the board's: an entry supports
 * its board's organization, so the form sends none); game code (the fixture
 * id upper-cased) and the ticket number are read-only (the ticket is issued by the server on submit).
 */
export function JoinBoardModal(props: {
  fixture: BaseballFixture;
  /** What the organization field shows until the board, whose organization the entry supports, has loaded. */
  organization: string;
  onClose: () => void;
  /** The entry, and why its code is not the nickname's own when it is not (shown beside the code). */
  onEntered: (fixture: BaseballFixture, entry: EntryCreated, codeNote: string | null) => void;
}) {
  const { fixture, organization } = props;
  const board = useQuery(fixtureBoardQuery(fixture.boardSlug));
  const { form, filled, nextBoard, enter } = useEntryForm();
  const [referral, setReferral] = useState('');
  const { toast } = useToast();
  const gameCode = fixtureGameCode(fixture.id);
  const { amount } = form.values;

  const rule = board.data?.entryRule;
  const amountCents = dollarsToCents(amount);
  const problem = rule ? amountProblem(rule, Number.isNaN(amountCents) ? -1 : amountCents) : 'Loading';
  const open = board.data?.status === 'open';
  // Until the board loads, the state is asked for (baseball boards are sweepstakes, which ask for it), so the
  // select is in the form from its first render.
  const stateRequired = board.data?.legal.stateRequired ?? true;
  const stateRule = stateRuleOf(board.data);
  const ready =
    filled && amount !== '' && !problem && open && !form.busy && !chosenStateProblem(stateRule, form.values.state);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    await enter(
      fixture.boardSlug,
      { amountCents, referralCode: referral.trim() || undefined, gameCode },
      {
        stateRequired,
        entered: (entry, codeNote) => {
          toast({
            title: 'Game Board Entry Submitted!',
            description: `${fixture.name}: your code ${entry.code} is on the board. Ticket ${entry.ticketNumber}.`,
            variant: 'success',
          });
          // Why the code is not the nickname's own stands beside the code on the page, not in the toast.
          props.onEntered(fixture, entry, codeNote);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`Join ${fixture.name}`}
      description={`${fixture.venue} · ${fixture.time}`}
      // Two columns on a wide window so the whole form fits; on a phone it scrolls under a submit that stays.
      size="wide"
      className="max-h-[92dvh] overflow-y-auto"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <PhoneAndNickname form={form} />
        </div>
        <AmountField
          legend="Support amount"
          presetsCents={rule?.kind === 'presets-or-custom' ? rule.presetsCents : undefined}
          value={amount}
          onChange={(v) => form.set('amount', v)}
          error={amount !== '' && problem && problem !== 'Loading' ? problem : undefined}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Referral code (optional)"
            value={referral}
            maxLength={100}
            onChange={(e) => setReferral(e.target.value)}
          />
          {stateRequired && <StateSelect form={form} rule={stateRule} />}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Input label="Ticket number" value="" placeholder="Issued when you submit" readOnly />
          <Input label="Organization" value={board.data?.organization ?? organization} readOnly />
          <Input label="Game code" value={gameCode} readOnly />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <EligibilityBox form={form} slug={fixture.boardSlug} minimumAge={board.data?.legal.minimumAge ?? 18} />
          <SmsConsentBox form={form} />
        </div>
        {board.isError && (
          <p className="text-sm text-red-300">We couldn't load this game's board. Try again shortly.</p>
        )}
        {board.data?.closure && board.data.closure !== 'full' && (
          <p className="text-sm text-amber-300">{closureMessage(board.data.closure, board.data.scoring)}</p>
        )}
        <NextBoardAlert slug={nextBoard ?? (board.data?.closure === 'full' ? board.data.nextBoardSlug : null)} />
        <div className="sticky -bottom-5 -mx-5 -mb-5 border-t border-ink-700 bg-ink-850 px-5 py-4">
          <Button type="submit" size="lg" disabled={!ready} className="w-full">
            {form.busy ? 'Please wait...' : 'Submit Entry'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
