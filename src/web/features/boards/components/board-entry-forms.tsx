import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { EntryCreated } from '../../../../shared/contracts/board-responses';
import type { BoardView } from '../../../../shared/contracts/boards';
import { amountProblem } from '../../../../shared/domain/boards';
import { dollarsToCents, formatCents } from '../../../../shared/domain/money';
import { normalizePhone } from '../../../../shared/domain/phone';
import { paths } from '../../../app/paths';
import { AmountChoices } from '../../../components/amount-choices';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { closureMessage } from '../board-entries';
import type { BoardScreen } from '../board-screens';
import { useEntryForm } from '../use-entry-form';
import {
  chosenStateProblem,
  EligibilityFields,
  NextBoardAlert,
  PhoneAndNickname,
  SmsConsentBox,
  stateRuleOf,
} from './entry-fields';
import { FreeEntryCodeStep, useFreeEntryCode } from './free-entry-code';

export function EntryForm({
  board,
  screen,
  onEntered,
}: {
  board: BoardView;
  screen: BoardScreen;
  /** The entry, and why its code is not the nickname's own when it is not (shown beside the code). */
  onEntered: (e: EntryCreated, codeNote: string | null) => void;
}) {
  const rule = board.entryRule;
  const { form, filled, nextBoard, enter } = useEntryForm(
    rule.kind === 'whole-range' ? String(rule.defaultCents / 100) : '',
  );
  const { toast } = useToast();
  const { amount } = form.values;
  const setAmount = (v: string) => form.set('amount', v);

  // A free-to-play board takes no money: its form shows no amount at all.
  const money = board.legal.moneyAllowed && rule.kind !== 'no-amount';
  const amountCents = money ? dollarsToCents(amount) : null;
  const problem = money ? amountProblem(rule, Number.isNaN(amountCents) ? -1 : amountCents) : null;
  const ready =
    filled && !problem && board.status === 'open' && !chosenStateProblem(stateRuleOf(board), form.values.state);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    await enter(
      board.slug,
      { amountCents, gameCode: screen.gameCode, teamSupport: screen.supportTeam },
      {
        entered: (entry, codeNote) => {
          if (entry.checkoutUrl) {
            // A paid board: the cells are held while the fan pays on the checkout.
            toast({ title: 'Redirecting to Payment', description: `Your cells are held while you pay.` });
            window.location.assign(entry.checkoutUrl);
            return;
          }
          toast({
            title: screen.successTitle,
            description: `Your code ${entry.code} is on the board. Ticket ${entry.ticketNumber}.`,
            variant: 'success',
          });
          onEntered(entry, codeNote);
        },
        fullBoard: (next) => `This board is full. The next board is open: ${next}.`,
        stateRequired: board.legal.stateRequired,
      },
    );
  };

  const paid = board.paymentRequired;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5" noValidate>
      <h2 className="text-lg font-bold text-white">Join this board</h2>
      <PhoneAndNickname form={form} />
      {money && rule.kind === 'whole-range' && (
        <>
          <Input
            label={`Entry amount ($${rule.minCents / 100}-$${rule.maxCents / 100})`}
            type="number"
            inputMode="numeric"
            min={rule.minCents / 100}
            max={rule.maxCents / 100}
            step={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={amount !== '' && problem ? problem : undefined}
          />
          <AmountChoices
            legend="Quick picks"
            hideLegend
            amountsCents={rule.quickPicksCents}
            chosenCents={amountCents}
            onChoose={setAmount}
          />
        </>
      )}
      {money && rule.kind === 'presets-or-custom' && (
        <AmountField
          legend="Support amount"
          presetsCents={rule.presetsCents}
          value={amount}
          onChange={setAmount}
          error={amount !== '' && problem ? problem : undefined}
        />
      )}
      <EligibilityFields form={form} slug={board.slug} mode={board.mode} legal={board.legal} />
      <SmsConsentBox form={form} />
      {board.closure && board.closure !== 'full' && (
        <p className="text-sm text-amber-300" data-testid="board-closure">
          {closureMessage(board.closure, board.scoring)}
        </p>
      )}
      {paid && (
        <p
          id="paid-entry-note"
          className="rounded-lg border border-amber-400/40 bg-amber-950/40 p-3 text-sm text-amber-100"
        >
          {paidEntryNote(board.holdMinutes)}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={!ready || form.busy}
        aria-describedby={paid ? 'paid-entry-note' : undefined}
      >
        {form.busy ? 'Please wait...' : paid ? 'Continue to payment' : screen.submitLabel}
      </Button>
      <NextBoardAlert slug={nextBoard ?? (board.closure === 'full' ? board.nextBoardSlug : null)} />
    </form>
  );
}

/**
 * A sweepstakes board's free method of entry, beside the paid form: the same fields without an amount, posted
 * to the board's free entries; the official rules' limits (per person, per board) are told when reached.
 */
export function FreeEntryForm({
  board,
  onEntered,
}: {
  board: BoardView;
  onEntered: (e: EntryCreated, codeNote: string | null) => void;
}) {
  const { form, filled, refusal, enter } = useEntryForm();
  const texted = useFreeEntryCode(board.slug);
  const { toast } = useToast();
  const open = board.status === 'open';
  const ready = filled && open && !chosenStateProblem(stateRuleOf(board), form.values.state);
  const perPerson = board.legal.freeEntriesPerPerson;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    // The number is confirmed by the texted code: without one, the other fields are still checked.
    const code = texted.checked(form.values.phone);
    if (code === null) {
      form.validate();
      return;
    }
    await enter(
      board.slug,
      {},
      {
        free: { code },
        stateRequired: board.legal.stateRequired,
        refused: texted.refused,
        entered: (entry, codeNote) => {
          texted.reset();
          toast({
            title: 'Free entry accepted',
            description: `Your code ${entry.code} is on the board. Ticket ${entry.ticketNumber}.`,
            variant: 'success',
          });
          onEntered(entry, codeNote);
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="free-entry-heading"
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
      noValidate
    >
      <h2 id="free-entry-heading" className="text-lg font-bold text-white">
        Free entry
      </h2>
      <p className="text-sm text-slate-300">
        No purchase necessary: a free entry has the same odds and prizes. Up to {perPerson} free{' '}
        {perPerson === 1 ? 'entry' : 'entries'} per person
        {board.legal.freeEntriesPerBoard !== null ? `, ${board.legal.freeEntriesPerBoard} on this board` : ''}.
      </p>
      <PhoneAndNickname form={form} />
      <EligibilityFields form={form} slug={board.slug} mode={board.mode} legal={board.legal} />
      <SmsConsentBox form={form} />
      <FreeEntryCodeStep
        state={texted}
        phone={form.values.phone}
        canSend={open && normalizePhone(form.values.phone) !== null}
      />
      {refusal && !form.errors.phone && !form.errors.state && !texted.codeError && (
        <p role="alert" className="text-sm text-amber-200" data-testid="free-entry-refusal">
          {refusal}
        </p>
      )}
      <Button type="submit" size="lg" variant="secondary" disabled={!ready || form.busy}>
        {form.busy ? 'Please wait...' : 'Enter for free'}
      </Button>
    </form>
  );
}

/** What a paid board's form says before it is sent: paid at checkout, cells held meanwhile. */
export const paidEntryNote = (holdMinutes: number) =>
  `This entry is paid at checkout. Your cells are held for ${holdMinutes} ${holdMinutes === 1 ? 'minute' : 'minutes'} while you pay; your entry is confirmed once payment is received.`;

/**
 * Support buttons go to /game-info with the form data (the board's own organization), the team as this
 * screen names it, the fan's ticket and the amount.
 */
export function SupportButtons({
  screen,
  entered,
  organization,
}: {
  screen: BoardScreen;
  entered: EntryCreated;
  organization: string;
}) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="support-heading" className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
      <h2 id="support-heading" className="font-bold text-white">
        Support the {screen.supportTeam}
      </h2>
      <p className="mt-1 text-sm text-slate-300">Pledge a donation on your entry {entered.code}.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {[100, 500, 1000, 2000].map((c) => (
          <Button
            key={c}
            variant="secondary"
            size="sm"
            onClick={() =>
              navigate(paths.gameInfo, {
                state: {
                  formData: {
                    teamSupport: screen.supportTeam,
                    organization,
                    referralCode: '',
                    gameCode: screen.gameCode ?? '',
                  },
                  teamName: screen.teamSlug,
                  team: screen.title,
                  ticketNumber: entered.ticketNumber,
                  donationAmount: c / 100,
                },
              })
            }
          >
            Support {formatCents(c)}
          </Button>
        ))}
      </div>
    </section>
  );
}
