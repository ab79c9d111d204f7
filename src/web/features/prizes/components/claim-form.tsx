import { useEffect, useMemo, useRef, useState } from 'react';
import type { ClaimView as ClaimResponse, PublicPrize } from '../../../../shared/contracts/prize-responses';
import {
  CLAIM_HANDLE_MAX,
  type ClaimBody,
  type ClaimMethod,
  claimBodySchema,
  claimMessages,
  claimMethodSchema,
  ORGANIZER_CODE_DIGITS,
  prizeErrorCodes,
} from '../../../../shared/contracts/prizes';
import { claimChoiceLabels } from '../../../../shared/domain/prizes';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { ApiClientError } from '../../../lib/api-client';
import { type FormSchema, messageOf, useSchemaForm } from '../../../lib/form';
import { requestClaimCode, submitClaim } from '../api';

/** What a link that cannot be claimed says, by the API's answer. */
export const closedLink: Record<number, { title: string; body: string }> = {
  404: {
    title: 'This claim link is not valid',
    body: 'Open the whole link from your text or email. If it still fails, ask the board organizer for a new one.',
  },
  410: {
    title: 'This claim link has expired',
    body: 'The board’s claim window has ended. Contact the board organizer if you believe this is a mistake.',
  },
  409: {
    title: 'This prize has already been claimed',
    body: 'Each claim link works once. Your entries show where your prize stands.',
  },
};

export type ClaimView = ClaimResponse['claim'];

/** How long to wait, in words: '4 minutes', '1 minute', or 'less than a minute' (minutes rounded up). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * A wait the server asked for with a 429's Retry-After: until when, and the seconds left (re-read every second
 * from the clock, so fake timers drive it in tests). The wait ends by itself.
 */
function useServerWait() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = until !== null && now < until ? Math.ceil((until - now) / 1000) : 0;
  return {
    left,
    /** Starts the wait when the error is a 429 with Retry-After; says whether it was one. */
    startFrom(err: unknown): boolean {
      if (!(err instanceof ApiClientError) || err.status !== 429 || err.retryAfterSeconds === undefined) return false;
      const t = Date.now();
      setNow(t);
      setUntil(t + err.retryAfterSeconds * 1000);
      return true;
    },
  };
}
type Values = { code: string; method: ClaimMethod | ''; handle: string };

const chooseMessage = 'Choose how to receive your prize';

/**
 * How the winner proves the entry without an account: the code texted to its phone (6 digits), or the claim code
 * the organizer read out or printed (ORGANIZER_CODE_DIGITS digits).
 */
type CodeKind = 'texted' | 'organizer';
const codeDigits: Record<CodeKind, number> = { texted: 6, organizer: ORGANIZER_CODE_DIGITS };
const codeFormat: Record<CodeKind, string> = {
  texted: claimMessages.codeFormat,
  organizer: claimMessages.organizerCodeFormat,
};

/** The claim as the form sends it: the code only when it is needed, the details only for a check or a handle. */
function claimSchema(signedInOwner: boolean, kind: CodeKind): FormSchema<ClaimBody> {
  return {
    safeParse(values) {
      const v = values as Values;
      const input = {
        code: signedInOwner ? undefined : v.code,
        method: v.method === '' ? undefined : v.method,
        handle: v.method === 'check' || v.method === 'handle' ? v.handle : undefined,
      };
      const result = claimBodySchema.safeParse(input);
      const codeWrong = !signedInOwner && v.code.trim().length !== codeDigits[kind];
      const own = [
        ...(codeWrong ? [{ path: ['code'], message: codeFormat[kind] }] : []),
        ...(v.method === '' ? [{ path: ['method'], message: chooseMessage }] : []),
      ];
      if (own.length === 0) return result;
      // The form's own words for a missing code or choice come first; the contract's refusals of other fields follow.
      const others = result.success ? [] : result.error.issues.filter((i) => !own.some((o) => o.path[0] === i.path[0]));
      return { success: false, error: { issues: [...own, ...others] } };
    },
  };
}

export function ClaimForm({
  token,
  claim,
  onDone,
  onClosed,
}: {
  token: string;
  claim: ClaimView;
  onDone: (prize: PublicPrize) => void;
  onClosed: (status: number) => void;
}) {
  // Without a phone to text, the organizer's claim code is the only proof (besides the owner's account).
  const [kind, setKind] = useState<CodeKind>(claim.textable ? 'texted' : 'organizer');
  const schema = useMemo(() => claimSchema(claim.signedInOwner, kind), [claim.signedInOwner, kind]);
  const form = useSchemaForm(schema, { code: '', method: '', handle: '' } as Values, {
    live: true,
    fieldId: (f) => `claim-${f}`,
  });
  const [texted, setTexted] = useState(false);
  const [usingOrganizerCode, setUsingOrganizerCode] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sendWait = useServerWait();
  const checkWait = useServerWait();
  const codeField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (texted || usingOrganizerCode) codeField.current?.focus();
  }, [texted, usingOrganizerCode]);
  const choices = claimMethodSchema.options.filter((c) => c === 'give-back' || claim.methods.includes(c));

  const textCode = async () => {
    setSending(true);
    setProblem(null);
    try {
      await requestClaimCode(token);
      setTexted(true);
      setKind('texted');
      setUsingOrganizerCode(false);
      form.set('code', '');
      setNotice(`We texted a 6-digit code to ${claim.phoneHint}. It may take a minute to arrive.`);
    } catch (err) {
      if (err instanceof ApiClientError && closedLink[err.status]) onClosed(err.status);
      else if (!sendWait.startFrom(err)) setProblem(messageOf(err));
    } finally {
      setSending(false);
    }
  };

  const submit = () => {
    setProblem(null);
    const input = form.validate();
    if (!input) return;
    void form.submitting(async () => {
      try {
        onDone(await submitClaim(token, input));
      } catch (err) {
        if (
          err instanceof ApiClientError &&
          (err.code === prizeErrorCodes.codeWrong || err.code === prizeErrorCodes.codeUsedUp)
        ) {
          form.fail({ code: err.message });
        } else if (err instanceof ApiClientError && closedLink[err.status]) {
          onClosed(err.status);
        } else if (checkWait.startFrom(err)) {
          // The wait is said beside the button it holds back.
        } else {
          form.showServerErrors(err, ['code', 'method', 'handle']);
          setProblem(messageOf(err));
        }
      }
    });
  };

  // What still holds the claim back, in the order of the form, said beside its button.
  const needed = stillNeeded({
    problems: (() => {
      const c = form.check();
      return c.ok ? {} : c.fields;
    })(),
    signedInOwner: claim.signedInOwner,
    waitingForText: claim.textable && kind === 'texted' && !texted,
    kind,
    method: form.values.method,
  });
  const typedDigits = form.values.code.length;

  // One handle, asked as a mailing address for a check or as the payment handle itself.
  const handleField = { id: 'claim-handle', maxLength: CLAIM_HANDLE_MAX, ...form.field('handle') };

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
        <legend className="px-1 text-lg font-bold text-white">1. Show it’s your entry</legend>
        {claim.signedInOwner ? (
          <p className="text-slate-200">You’re signed in as the entry’s owner.</p>
        ) : (
          <div className="flex flex-col gap-3">
            {claim.textable ? (
              <>
                <p className="text-sm text-slate-300">
                  We’ll text a code to the phone on your entry ({claim.phoneHint}).
                </p>
                <div className="flex flex-wrap items-center gap-3">
                  <Button
                    variant={texted ? 'outline' : 'primary'}
                    onClick={() => void textCode()}
                    disabled={sending || sendWait.left > 0}
                    aria-describedby={sendWait.left > 0 ? 'claim-send-wait' : undefined}
                  >
                    {texted ? 'Text me a new code' : 'Text me a code'}
                  </Button>
                  {kind === 'texted' && (
                    <Button
                      variant="ghost"
                      onClick={() => {
                        setKind('organizer');
                        setUsingOrganizerCode(true);
                        setNotice(null);
                        form.set('code', '');
                      }}
                    >
                      I have a claim code from the organizer
                    </Button>
                  )}
                </div>
                {sendWait.left > 0 && <WaitNotice id="claim-send-wait" what="codes" seconds={sendWait.left} />}
                <p aria-live="polite" className="min-h-5 text-sm text-slate-200">
                  {notice}
                </p>
              </>
            ) : (
              <p className="text-sm text-slate-300">
                Your entry has no phone to text a code to: type the claim code the organizer gave you.
              </p>
            )}
            {(kind === 'organizer' || texted) && (
              <Input
                ref={codeField}
                id="claim-code"
                label={kind === 'organizer' ? 'Claim code from the organizer' : '6-digit code'}
                hint={codeHint(kind, typedDigits)}
                inputMode="numeric"
                autoComplete={kind === 'organizer' ? 'off' : 'one-time-code'}
                pattern="[0-9]*"
                maxLength={codeDigits[kind]}
                className="max-w-48 font-mono tracking-widest"
                value={form.values.code}
                error={form.errors.code}
                onChange={(e) => form.set('code', e.target.value.replace(/\D/g, '').slice(0, codeDigits[kind]))}
              />
            )}
          </div>
        )}
      </fieldset>

      <fieldset
        className="rounded-2xl border border-ink-700 bg-ink-850 p-5"
        aria-describedby={form.errors.method ? 'claim-method-error' : undefined}
      >
        <legend className="px-1 text-lg font-bold text-white">2. Choose how to receive it</legend>
        <div className="flex flex-col gap-2">
          {choices.map((choice, i) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-ink-600 px-3 has-[:checked]:border-brand-400"
            >
              <input
                type="radio"
                name="claim-method"
                id={i === 0 ? 'claim-method' : undefined}
                value={choice}
                checked={form.values.method === choice}
                onChange={() => form.set('method', choice)}
                className="size-5 accent-brand-500"
              />
              <span className="text-white">{claimChoiceLabels[choice]}</span>
            </label>
          ))}
        </div>
        {form.errors.method && (
          <p id="claim-method-error" className="mt-2 text-sm text-red-300">
            {form.errors.method}
          </p>
        )}
        {form.values.method === 'check' && (
          <div className="mt-4">
            <Textarea label="Mailing address" autoComplete="street-address" {...handleField} />
          </div>
        )}
        {form.values.method === 'handle' && (
          <div className="mt-4">
            <Input label="Your payment handle" hint="For example @your-name" {...handleField} />
          </div>
        )}
      </fieldset>

      {problem && (
        <p role="alert" className="rounded-xl border border-red-400/40 bg-red-950/40 p-3 text-sm text-red-100">
          {problem}
        </p>
      )}
      {checkWait.left > 0 && <WaitNotice id="claim-check-wait" what="wrong codes" seconds={checkWait.left} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Button
          type="submit"
          size="lg"
          className="shrink-0"
          disabled={form.busy || checkWait.left > 0}
          aria-describedby={
            [checkWait.left > 0 && 'claim-check-wait', needed.length > 0 && 'claim-needed'].filter(Boolean).join(' ') ||
            undefined
          }
        >
          {form.values.method === 'give-back' ? 'Give it back' : 'Claim prize'}
        </Button>
        {needed.length > 0 && (
          <div id="claim-needed" data-testid="claim-needed" className="text-sm text-slate-200">
            <p className="font-semibold text-white">Before you can go on:</p>
            <ul className="mt-1 list-disc pl-5">
              {needed.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </form>
  );
}

/** The code field's hint as the code is typed: how many of its digits are in, and when it has them all. */
export function codeHint(kind: CodeKind, typed: number): string {
  const want = codeDigits[kind];
  const where = kind === 'organizer' ? ', printed or read out to you' : '';
  if (typed === 0) return `${want} digits${where}`;
  if (typed < want) return `${typed} of ${want} digits`;
  return `✓ All ${want} digits`;
}

/**
 * Why the claim cannot go on yet, one line per missing or invalid part, from the form's live problems: the
 * code (or asking for one first), the choice, and where to send the prize.
 */
export function stillNeeded(opts: {
  problems: Partial<Record<string, string>>;
  signedInOwner: boolean;
  waitingForText: boolean;
  kind: CodeKind;
  method: ClaimMethod | '';
}): string[] {
  const { problems } = opts;
  const lines: string[] = [];
  if (!opts.signedInOwner && problems.code) {
    lines.push(
      opts.waitingForText
        ? 'A code: press “Text me a code” (or use the organizer’s claim code)'
        : `A code: ${codeFormat[opts.kind].replace(/^The /, 'the ')}`,
    );
  }
  if (problems.method) lines.push('A choice of how to receive your prize');
  if (problems.handle) {
    const what = opts.method === 'check' ? 'Your mailing address' : 'Your payment handle';
    lines.push(problems.handle === claimMessages.handleRequired ? what : `${what}: ${problems.handle}`);
  }
  return lines;
}

/** The server's wait in words; polite, and it changes at most once a minute until the last one. */
function WaitNotice({ id, what, seconds }: { id: string; what: string; seconds: number }) {
  return (
    <p
      id={id}
      role="status"
      className="rounded-xl border border-amber-400/40 bg-amber-950/30 p-3 text-sm font-semibold text-amber-50"
    >
      Too many {what} for this prize. Try again in {waitInWords(seconds)}.
    </p>
  );
}
