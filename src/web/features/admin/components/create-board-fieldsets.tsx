import type { ReactNode } from 'react';
import { unfilledPolicies } from '../../../../shared/contracts/boards';
import { payoutMethods } from '../../../../shared/contracts/prizes';
import {
  type BoardMode,
  FREE_ENTRIES_PER_PERSON_MAX,
  MINIMUM_AGE_MAX,
  MINIMUM_AGE_MIN,
} from '../../../../shared/domain/legal';
import { claimChoiceLabels } from '../../../../shared/domain/prizes';
import { Button } from '../../../components/ui/button';
import { Input, type InputProps } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useBoardOpsApi } from '../api-scope';
import {
  type BoardForm,
  modeOptions,
  type PrizeRow,
  policyLabels,
  rowsOf,
  ruleOptions,
  type Template,
  templates,
} from './create-board-values';

const checkboxClass = 'size-5 rounded border-ink-600 bg-ink-950 accent-brand-500';

/** One radio button or checkbox with its text as its label. */
export function Choice({
  type,
  name,
  checked,
  onChange,
  className = 'flex items-center gap-2',
  children,
}: {
  type: 'radio' | 'checkbox';
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type={type}
        name={name}
        className={checkboxClass}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

type ModeSettingField = 'legalName' | 'registration' | 'beneficiary' | 'freeEntriesPerPerson' | 'freeEntriesPerBoard';

const wholeNumber = { type: 'number', inputMode: 'numeric', min: 1 } as const;
/**
 * What a legal mode asks for beyond the minimum age (domain/legal): a charitable raffle its organizer's names, a
 * sweepstakes its free entries; free-to-play nothing.
 */
const modeSettings: Partial<Record<BoardMode, ReadonlyArray<InputProps & { field: ModeSettingField }>>> = {
  'charitable-raffle': [
    {
      field: 'legalName',
      label: 'Legal name',
      maxLength: 150,
      required: true,
      hint: 'The registered organization that runs the raffle',
    },
    {
      field: 'registration',
      label: 'Registration or EIN',
      maxLength: 40,
      required: true,
      hint: 'EIN as NN-NNNNNNN, or the state licence number',
    },
    {
      field: 'beneficiary',
      label: 'Beneficiary (optional)',
      maxLength: 150,
      hint: 'Who the proceeds benefit; the organization when empty',
    },
  ],
  sweepstakes: [
    {
      field: 'freeEntriesPerPerson',
      label: 'Free entries per person',
      ...wholeNumber,
      max: FREE_ENTRIES_PER_PERSON_MAX,
    },
    {
      field: 'freeEntriesPerBoard',
      label: 'Free entries per board (optional)',
      ...wholeNumber,
      max: 100,
      hint: 'No cap when empty',
    },
  ],
};

/** The prize rows replaced, and one row changed. */
const rowsOfForm = (form: BoardForm) => {
  const setRows = (next: PrizeRow[]) => form.set('rows', next);
  const setRow = (i: number, patch: Partial<PrizeRow>) =>
    setRows(form.values.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return { setRows, setRow };
};

/** The board's address, organization, legal mode and its settings, format and entry rule. */
export function BoardSettings({ form, slug }: { form: BoardForm; slug: string }) {
  const { organization } = useBoardOpsApi();
  const { values: v, set } = form;
  const error = (key: string) => form.errors[key];
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Input
        label="Board address"
        maxLength={80}
        {...form.field('slug')}
        // The address as typed, else the one suggested from the teams.
        value={slug}
        hint={`Fans open it at /boards/${slug || '…'}`}
        autoComplete="off"
        spellCheck={false}
      />
      {/* An organization's own board is the organization's: the path names it. */}
      {!organization && (
        <Input
          label="Organization"
          maxLength={100}
          {...form.field('organization')}
          hint="Who the board raises money for"
        />
      )}
      <Select
        label="Mode"
        options={modeOptions}
        value={v.mode}
        onChange={(e) => set('mode', e.target.value as BoardMode)}
        error={error('mode')}
      />
      <Input
        label="Minimum age"
        type="number"
        inputMode="numeric"
        min={MINIMUM_AGE_MIN}
        max={MINIMUM_AGE_MAX}
        {...form.field('minimumAge')}
        hint={`${MINIMUM_AGE_MIN} to ${MINIMUM_AGE_MAX}`}
      />
      {modeSettings[v.mode]?.map(({ field, ...input }) => (
        <Input key={field} {...input} {...form.field(field)} />
      ))}
      <Select
        label="Format"
        options={[
          { value: '1v99', label: '1 vs 99: 100 entries, one cell each' },
          { value: '1v49', label: '1 vs 49: 50 entries, two cells each' },
        ]}
        {...form.field('format', { errorAt: false })}
      />
      <Select
        label="Entry rule"
        options={ruleOptions}
        {...form.field('rule')}
        // The rule's problems that no amount field of the form stands for are shown on the rule.
        error={
          error('entryRule') ??
          error('entryRule.defaultCents') ??
          error('entryRule.quickPicksCents') ??
          error('entryRule.presetsCents') ??
          (v.rule === 'range' ? undefined : (error('entryRule.minCents') ?? error('entryRule.maxCents')))
        }
      />
      {v.rule === 'range' && (
        <>
          <Input
            label="Lowest amount ($)"
            inputMode="numeric"
            {...form.field('minDollars', { errorAt: 'entryRule.minCents' })}
          />
          <Input
            label="Highest amount ($)"
            inputMode="numeric"
            {...form.field('maxDollars', { errorAt: 'entryRule.maxCents' })}
          />
        </>
      )}
    </div>
  );
}

/** The prize table: a sport's template, its periods editable, up to 12. */
export function PrizeTableFieldset({ form }: { form: BoardForm }) {
  const { template, rows } = form.values;
  const { set } = form;
  const { setRows, setRow } = rowsOfForm(form);
  const error = (key: string) => form.errors[key];
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-bold text-white">Prize table</legend>
      <Select
        label="Template"
        options={Object.entries(templates).map(([value, t]) => ({ value, label: t.label }))}
        value={template}
        onChange={(e) => {
          const t = e.target.value as Template;
          set('template', t);
          setRows(rowsOf(t));
        }}
        error={error('prizeTable')}
      />
      <ol className="flex flex-col gap-3">
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved
          <li key={i} className="grid items-end gap-3 sm:grid-cols-[1fr_9rem_auto]">
            <Input
              label={`Period ${i + 1}`}
              value={row.label}
              maxLength={60}
              // A template's period keeps its scoring key; renaming only changes the label shown.
              onChange={(e) => setRow(i, { label: e.target.value })}
              error={error(`prizeTable.${i}.label`)}
            />
            <Input
              label={`Prize ${i + 1} ($)`}
              inputMode="decimal"
              value={row.amount}
              onChange={(e) => setRow(i, { amount: e.target.value })}
              error={error(`prizeTable.${i}.prizeCents`)}
            />
            <Button
              variant="ghost"
              disabled={rows.length === 1}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              Remove<span className="sr-only"> period {i + 1}</span>
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        className="self-start"
        disabled={rows.length >= 12}
        onClick={() => setRows([...rows, { label: '', amount: '' }])}
      >
        Add a period
      </Button>
    </fieldset>
  );
}

/** Whether entries pay through checkout. */
export function PaymentRequired({ form }: { form: BoardForm }) {
  const { paid } = form.values;
  const { set } = form;
  const error = (key: string) => form.errors[key];
  return (
    <label className="flex items-start gap-3 text-sm text-slate-200">
      <input
        type="checkbox"
        className={`${checkboxClass} mt-0.5`}
        checked={paid}
        onChange={(e) => set('paid', e.target.checked)}
      />
      <span>
        Payment required: entries pay their amount through checkout and hold their cells while paying
        {error('paymentRequired') && <span className="block text-red-300">{error('paymentRequired')}</span>}
      </span>
    </label>
  );
}

/** What happens to a board that has not filled when it locks. */
export function UnfilledFieldset({ form }: { form: BoardForm }) {
  const { values: v, set } = form;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-bold text-white">If the board has not filled when it locks</legend>
      <div className="flex flex-col gap-2 text-sm text-slate-200">
        {unfilledPolicies.map((policy) => (
          <Choice
            key={policy}
            type="radio"
            name="unfilled-policy"
            checked={v.unfilledPolicy === policy}
            onChange={() => set('unfilledPolicy', policy)}
          >
            {policyLabels[policy]}
          </Choice>
        ))}
      </div>
      {v.unfilledPolicy === 'cancel-below' && (
        <Input
          label="Minimum entries (N)"
          inputMode="numeric"
          maxLength={3}
          className="max-w-48"
          {...form.field('minEntries')}
          hint="With fewer entries at lock the board is cancelled and paid entries refunded"
        />
      )}
      <p className="text-xs text-slate-400">A board with no entries at all is cancelled at lock either way.</p>
    </fieldset>
  );
}

/** How long a winner has to claim, and the ways a prize can be paid. */
export function ClaimsFieldset({ form }: { form: BoardForm }) {
  const { values: v, set } = form;
  const error = (key: string) => form.errors[key];
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-bold text-white">Prize claims</legend>
      <Input
        label="Claim window (days)"
        inputMode="numeric"
        className="max-w-32"
        {...form.field('claimDays', { errorAt: 'claimWindowDays' })}
        hint="How long a winner has to claim a prize once its period is scored"
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={error('payoutMethods') ? 'payout-methods-error' : undefined}
      >
        <legend className="text-sm font-medium text-slate-200">Payout methods (at least one)</legend>
        {payoutMethods.map((m) => (
          <Choice
            key={m}
            type="checkbox"
            className="flex items-center gap-3 text-sm text-slate-200"
            checked={v.payoutMethods.includes(m)}
            onChange={(on) =>
              set('payoutMethods', on ? [...v.payoutMethods, m] : v.payoutMethods.filter((x) => x !== m))
            }
          >
            {claimChoiceLabels[m]}
          </Choice>
        ))}
        {error('payoutMethods') && (
          <p id="payout-methods-error" className="text-sm text-red-300">
            {error('payoutMethods')}
          </p>
        )}
      </fieldset>
    </fieldset>
  );
}
