import { dollarsToCents } from '../../shared/domain/money';
import { AmountChoices } from './amount-choices';
import { Input } from './ui/input';

/**
 * An amount in dollars: a row of preset amounts (when there are any) over a custom amount field, both
 * editing the same value. Board entries, donations and tips ask for money this way.
 */
export function AmountField(props: {
  legend: string;
  presetsCents?: readonly number[] | undefined;
  label?: string;
  value: string;
  onChange: (dollars: string) => void;
  error?: string | undefined;
  max?: number;
}) {
  return (
    <>
      {props.presetsCents && (
        <AmountChoices
          legend={props.legend}
          amountsCents={props.presetsCents}
          chosenCents={dollarsToCents(props.value)}
          onChoose={props.onChange}
        />
      )}
      <Input
        label={props.label ?? 'Custom amount ($)'}
        type="number"
        inputMode="decimal"
        min={1}
        max={props.max}
        step={0.01}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        error={props.error}
      />
    </>
  );
}
