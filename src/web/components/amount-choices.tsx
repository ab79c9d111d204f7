import { formatCents } from '../../shared/domain/money';
import { Button } from './ui/button';

/**
 * A row of preset amounts (board presets, quick donations, quick tips). Choosing one sets the amount
 * field in dollars; the chosen one is pressed.
 */
export function AmountChoices(props: {
  legend: string;
  hideLegend?: boolean;
  amountsCents: readonly number[];
  chosenCents: number | null;
  onChoose: (dollars: string) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className={props.hideLegend ? 'sr-only' : 'mb-1 text-sm font-medium text-slate-200'}>
        {props.legend}
      </legend>
      {props.amountsCents.map((c) => (
        <Button
          key={c}
          size="sm"
          variant={props.chosenCents === c ? 'primary' : 'secondary'}
          aria-pressed={props.chosenCents === c}
          onClick={() => props.onChoose(String(c / 100))}
        >
          {formatCents(c)}
        </Button>
      ))}
    </fieldset>
  );
}
