import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { EntryCreated } from '../../../../shared/contracts/boards';
import type { BaseballFixture } from '../../../../shared/contracts/pages/baseball';
import { fixtureGameCode } from '../../../../shared/domain/baseball';
import { amountProblem } from '../../../../shared/domain/boards';
import { dollarsToCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { AmountChoices } from '../../../components/amount-choices';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import {
  closureMessage,
  createEntry,
  type EntryFieldErrors,
  entryFieldProblems,
  entryRefusal,
  PhoneAndNickname,
  rememberEntry,
} from '../../boards';
import { fixtureBoardQuery } from '../api';

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * Join-game-board modal of the baseball screen: phone, nickname and a support amount
 * (presets or custom) are required; referral code optional; organization fixed; game code (the fixture
 * id upper-cased) and the ticket number are read-only (the ticket is issued by the server on submit).
 */
export function JoinBoardModal(props: {
  fixture: BaseballFixture;
  organization: string;
  onClose: () => void;
  onEntered: (fixture: BaseballFixture, entry: EntryCreated) => void;
}) {
  const { fixture, organization } = props;
  const board = useQuery(fixtureBoardQuery(fixture.boardSlug));
  const [phone, setPhone] = useState('');
  const [nickname, setNickname] = useState('');
  const [amount, setAmount] = useState('');
  const [referral, setReferral] = useState('');
  const [busy, setBusy] = useState(false);
  const [nextBoard, setNextBoard] = useState<string | null>(null);
  const [errors, setErrors] = useState<EntryFieldErrors>({});
  const key = useRef(newKey());
  const { toast } = useToast();
  const gameCode = fixtureGameCode(fixture.id);

  const rule = board.data?.entryRule;
  const amountCents = dollarsToCents(amount);
  const problem = rule ? amountProblem(rule, Number.isNaN(amountCents) ? -1 : amountCents) : 'Loading';
  const open = board.data?.status === 'open';
  const ready = phone.trim() !== '' && nickname.trim() !== '' && amount !== '' && !problem && open && !busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    const problems = entryFieldProblems(phone, nickname);
    setErrors(problems);
    if (problems.phone || problems.nickname) return;
    setBusy(true);
    try {
      const entry = await createEntry(fixture.boardSlug, {
        phone: phone.trim(),
        nickname: nickname.trim(),
        amountCents,
        referralCode: referral.trim() || undefined,
        organization,
        gameCode,
        idempotencyKey: key.current,
      });
      key.current = newKey();
      rememberEntry(entry);
      toast({
        title: 'Game Board Entry Submitted!',
        description: `${fixture.name}: your code ${entry.code} is on the board. Ticket ${entry.ticketNumber}.`,
        variant: 'success',
      });
      props.onEntered(fixture, entry);
    } catch (err) {
      const next = err instanceof ApiClientError ? err.fields?.nextBoard : undefined;
      if (next) setNextBoard(next);
      const refusal = entryRefusal(err);
      setErrors(refusal.fields);
      toast({ title: refusal.title, description: refusal.description, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`Join ${fixture.name}`}
      description={`${fixture.venue} · ${fixture.time}`}
      className="max-h-[85dvh] overflow-y-auto"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <PhoneAndNickname
          phone={phone}
          onPhone={(v) => {
            setPhone(v);
            setErrors((e) => ({ ...e, phone: undefined }));
          }}
          nickname={nickname}
          onNickname={(v) => {
            setNickname(v);
            setErrors((e) => ({ ...e, nickname: undefined }));
          }}
          errors={errors}
        />
        {rule?.kind === 'presets-or-custom' && (
          <AmountChoices
            legend="Support amount"
            amountsCents={rule.presetsCents}
            chosenCents={amountCents}
            onChoose={setAmount}
          />
        )}
        <Input
          label="Custom amount ($)"
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amount !== '' && problem && problem !== 'Loading' ? problem : undefined}
        />
        <Input
          label="Referral code (optional)"
          value={referral}
          maxLength={100}
          onChange={(e) => setReferral(e.target.value)}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label="Organization" value={organization} readOnly />
          <Input label="Game code" value={gameCode} readOnly />
        </div>
        <Input label="Ticket number" value="" placeholder="Issued when you submit" readOnly />
        {board.isError && (
          <p className="text-sm text-red-300">We couldn't load this game's board. Try again shortly.</p>
        )}
        {board.data?.closure && board.data.closure !== 'full' && (
          <p className="text-sm text-amber-300">{closureMessage(board.data.closure)}</p>
        )}
        {(nextBoard ?? (board.data?.closure === 'full' ? board.data.nextBoardSlug : null)) && (
          <p role="alert" className="text-sm text-amber-200">
            Board full.{' '}
            <Link to={`${paths.boards}/${nextBoard ?? board.data?.nextBoardSlug}`} className="font-semibold underline">
              Join the next board for this game
            </Link>
          </p>
        )}
        <Button type="submit" size="lg" disabled={!ready}>
          {busy ? 'Please wait...' : 'Submit Entry'}
        </Button>
      </form>
    </Dialog>
  );
}
