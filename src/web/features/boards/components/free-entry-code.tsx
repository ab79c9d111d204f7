import { useEffect, useRef, useState } from 'react';
import { FREE_ENTRY_CODE_NOTICE, freeEntryCodeMessages } from '../../../../shared/domain/free-entry';
import { normalizePhone } from '../../../../shared/domain/phone';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { sendFreeEntryCode } from '../api';

/**
 * The free entry's code step (domain/free-entry): the number is confirmed by a 6-digit code texted to it. The
 * state behind the step: whether a code went to the number now typed, the code typed, and each refusal.
 */
export function useFreeEntryCode(slug: string) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const codeInput = useRef<HTMLInputElement>(null);
  /** Counts codes sent: the code field (shown with the first) takes the focus after each. */
  const [sends, setSends] = useState(0);
  useEffect(() => {
    if (sends > 0) codeInput.current?.focus();
  }, [sends]);

  /** Shows a refusal on the code field and moves there, so it is read out and fixed at once. */
  const fail = (message: string) => {
    setCodeError(message);
    codeInput.current?.focus();
  };

  return {
    code,
    codeError,
    codeInput,
    sending,
    sendError,
    sentMessage,
    /** Whether a code was texted to this (typed) number. */
    sentFor: (phone: string) => sentTo !== null && sentTo === normalizePhone(phone),
    type(value: string) {
      setCode(value.replace(/\D/g, '').slice(0, 6));
      setCodeError(undefined);
    },
    async send(phone: string) {
      const number = normalizePhone(phone);
      if (!number) return;
      setSending(true);
      setSendError(null);
      setCodeError(undefined);
      try {
        const sent = await sendFreeEntryCode(slug, phone.trim());
        setSentTo(number);
        setSentMessage(sent.message);
        setCode('');
        setSends((n) => n + 1);
      } catch (err) {
        setSendError(err instanceof ApiClientError ? (err.fields?.phone ?? err.message) : 'Could not send the code.');
      } finally {
        setSending(false);
      }
    },
    /** The typed code when it is 6 digits; otherwise says what is missing on the field. */
    checked(phone: string): string | null {
      if (sentTo === null || sentTo !== normalizePhone(phone)) {
        setSendError(freeEntryCodeMessages.none);
        return null;
      }
      if (!/^\d{6}$/.test(code)) {
        fail(code === '' ? freeEntryCodeMessages.required : freeEntryCodeMessages.format);
        return null;
      }
      return code;
    },
    /** A refusal of the entry: one about the code shows on the code field. */
    refused(err: unknown) {
      const message = err instanceof ApiClientError ? err.fields?.code : undefined;
      if (message) fail(message);
    },
    reset() {
      setSentTo(null);
      setSentMessage('');
      setCode('');
      setCodeError(undefined);
      setSendError(null);
    },
  };
}
export type FreeEntryCodeState = ReturnType<typeof useFreeEntryCode>;

/**
 * Says a code will be texted and why (the only text sent without consent), sends it on request, then asks
 * for it in a labelled numeric field (the phone's keyboard offers the texted code).
 */
export function FreeEntryCodeStep({
  state,
  phone,
  canSend,
}: {
  state: FreeEntryCodeState;
  phone: string;
  /** A valid number is typed and the board takes entries. */
  canSend: boolean;
}) {
  const sent = state.sentFor(phone);
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-ink-700 p-3">
      <legend className="px-1 text-sm font-semibold text-white">Confirm your number</legend>
      <p id="free-entry-code-notice" className="text-sm text-slate-300">
        {FREE_ENTRY_CODE_NOTICE}
      </p>
      <Button
        type="button"
        variant="outline"
        disabled={!canSend || state.sending}
        aria-describedby="free-entry-code-notice"
        onClick={() => state.send(phone)}
      >
        {state.sending ? 'Sending...' : sent ? 'Text me a new code' : 'Text me a code'}
      </Button>
      <p role="status" className="text-sm text-slate-200" data-testid="free-entry-code-status">
        {sent ? state.sentMessage : ''}
      </p>
      {state.sendError && (
        <p role="alert" className="text-sm text-amber-200" data-testid="free-entry-code-refusal">
          {state.sendError}
        </p>
      )}
      {sent && (
        <Input
          ref={state.codeInput}
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={state.code}
          onChange={(e) => state.type(e.target.value)}
          error={state.codeError}
        />
      )}
    </fieldset>
  );
}
