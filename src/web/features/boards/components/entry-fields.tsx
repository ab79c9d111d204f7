import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import {
  clampNickname,
  NICKNAME_MAX,
  nicknameCodeMessages,
  nicknameGetsRandomCode,
} from '../../../../shared/domain/boards';
import { type BoardMode, stateProblem, usStateCodes, usStates } from '../../../../shared/domain/legal';
import { SMS_CONSENT_TEXT } from '../../../../shared/domain/sms';
import { paths } from '../../../app/paths';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { EntryForm } from '../use-entry-form';

/**
 * The phone and nickname every board entry asks for (nickname cut off at 7 as typed), with each
 * field's refusal (the form's own check as the fan types, or the server's `fields`) shown on it. A
 * nickname too short for its own code says so before the entry is sent.
 */
export function PhoneAndNickname({ form }: { form: EntryForm }) {
  return (
    <>
      <Input label="Phone number" type="tel" inputMode="tel" autoComplete="tel" {...form.field('phone')} />
      <Input
        label="Nickname"
        hint={
          nicknameGetsRandomCode(form.values.nickname)
            ? nicknameCodeMessages.short
            : `Up to ${NICKNAME_MAX} characters; your 3-letter code comes from its letters A–Z.`
        }
        {...form.field('nickname', clampNickname)}
      />
    </>
  );
}

/**
 * The text consent every entry form asks for: unticked until the fan ticks it, in the stored wording
 * (domain/sms), a real checkbox so it is reached with Tab and ticked with Space.
 */
export function SmsConsentBox({ form }: { form: EntryForm }) {
  return (
    <EntryTickBox form={form} name="smsConsent">
      {SMS_CONSENT_TEXT}
    </EntryTickBox>
  );
}

/**
 * One of the entry form's tick boxes with its wording beside it: a real checkbox bound to the form's field;
 * with `errorId`, the field's refusal marks it invalid and is described by that element.
 */
function EntryTickBox({
  form,
  name,
  errorId,
  required,
  children,
}: {
  form: EntryForm;
  name: 'smsConsent' | 'eligible';
  errorId?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const error = errorId ? form.errors[name] : undefined;
  return (
    <label className="flex items-start gap-3 text-sm text-slate-200">
      <input
        type="checkbox"
        name={name}
        className="mt-0.5 size-5 shrink-0 rounded border-ink-600 bg-ink-950 accent-brand-500"
        checked={form.values[name]}
        onChange={(e) => form.set(name, e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        required={required}
      />
      <span>{children}</span>
    </label>
  );
}

const stateOptions = usStateCodes.map((code) => ({ value: code, label: usStates[code] }));

/** The rules page of a board (`/boards/:slug/rules`). */
export const boardRulesPath = (slug: string) => `${paths.boards}/${encodeURIComponent(slug)}/rules`;

/** What a board's state select checks a chosen state against: its mode and the states its rules exclude. */
export interface StateRule {
  mode: BoardMode;
  excludedStates: readonly string[];
}

/** A board's state rule, once the board is loaded. */
export const stateRuleOf = (board: { mode: BoardMode; legal: { excludedStates: readonly string[] } } | undefined) =>
  board ? { mode: board.mode, excludedStates: board.legal.excludedStates } : undefined;

/**
 * The refusal of a chosen state on this board (one its mode's rules exclude), as soon as it is chosen;
 * undefined while none is chosen, when it is allowed, or before the board is loaded. The entry forms keep
 * their submit disabled while there is one.
 */
export const chosenStateProblem = (rule: StateRule | undefined, state: string) =>
  rule && state ? stateProblem(rule.mode, rule.excludedStates, state)?.message : undefined;

/**
 * The one eligibility box every entry form asks for, unticked until the fan ticks it: 'I am at least
 * {minimumAge} and agree to the official rules' (a link to the board's rules page); it sends both the age and
 * the rules ticks. Where the board asks for the fan's state, a required select of the US states and DC, which
 * shows the server's refusal of an excluded state. Both are in the form from its first render (before the
 * board loads, the age reads 18 and the select is shown only once the board says it is needed).
 */
export function EligibilityFields(props: {
  form: EntryForm;
  slug: string;
  mode: BoardMode;
  /** The board's published legal settings (`BoardView['legal']`). */
  legal: { minimumAge: number; stateRequired: boolean; excludedStates: readonly string[] };
}) {
  return (
    <>
      {props.legal.stateRequired && (
        <StateSelect form={props.form} rule={{ mode: props.mode, excludedStates: props.legal.excludedStates }} />
      )}
      <EligibilityBox form={props.form} slug={props.slug} minimumAge={props.legal.minimumAge} />
    </>
  );
}

/**
 * The required 'State' select of the US states and DC. A state the board's rules exclude is refused on it as
 * soon as it is chosen (`chosenStateProblem`); the server's refusal shows on it too.
 */
export function StateSelect({ form, rule }: { form: EntryForm; rule: StateRule | undefined }) {
  const field = form.field('state');
  return (
    <Select
      label="State"
      name="state"
      autoComplete="address-level1"
      placeholder="Choose your state"
      options={stateOptions}
      {...field}
      error={field.error ?? chosenStateProblem(rule, form.values.state)}
      required
    />
  );
}

/** The one box 'I am at least {minimumAge} and agree to the official rules', its refusal wired to it. */
export function EligibilityBox({ form, slug, minimumAge }: { form: EntryForm; slug: string; minimumAge: number }) {
  const id = useId();
  const errorId = `${id}-eligible-error`;
  const error = form.errors.eligible;
  return (
    <div className="flex flex-col gap-1.5">
      <EntryTickBox form={form} name="eligible" errorId={errorId} required>
        I am at least {minimumAge} and agree to the{' '}
        <Link
          to={boardRulesPath(slug)}
          target="_blank"
          rel="noopener"
          className="font-semibold text-brand-300 underline"
        >
          official rules
        </Link>
      </EntryTickBox>
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** A full board's pointer to the next board for the same game (from the refusal, or the board itself). */
export function NextBoardAlert({ slug }: { slug: string | null | undefined }) {
  if (!slug) return null;
  return (
    <p role="alert" className="text-sm text-amber-200">
      Board full.{' '}
      <Link to={`${paths.boards}/${slug}`} className="font-semibold underline">
        Join the next board for this game
      </Link>
    </p>
  );
}
