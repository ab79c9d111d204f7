import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { type FormSchema, messageOf, useSchemaForm } from '../../../lib/form';

/**
 * A payout dialog that asks for one line of text and records it: submitting checks the line with `schema`,
 * runs `save`, toasts what `done` says and closes; a refusal shows on the field and under it. 'Not yet' closes
 * without a change.
 */
export function PrizeFieldDialog<K extends string>({
  title,
  description,
  intro,
  schema,
  field,
  save,
  done,
  submitLabel,
  busyLabel,
  onClose,
}: {
  title: string;
  description: string;
  /** What recording it means, above the field. */
  intro?: ReactNode;
  schema: FormSchema<Record<K, string>>;
  field: { name: K; id: string; label: string; hint: string; autoComplete?: string };
  save: (value: string) => Promise<unknown>;
  done: (value: string) => { title: string; description: string };
  submitLabel: string;
  busyLabel: string;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const initial = { [field.name]: '' } as Record<K, string>;
  const form = useSchemaForm(schema, initial, { fieldId: () => field.id });
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog open onClose={onClose} title={title} description={description}>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setProblem(null);
          const input = form.validate();
          if (!input) return;
          void form.submitting(async () => {
            try {
              await save(input[field.name]);
              toast({ ...done(input[field.name]), variant: 'success' });
              onClose();
            } catch (err) {
              form.showServerErrors(err, [field.name]);
              setProblem(messageOf(err));
            }
          });
        }}
      >
        {intro}
        <Input
          id={field.id}
          label={field.label}
          hint={field.hint}
          maxLength={100}
          autoComplete={field.autoComplete}
          value={form.values[field.name]}
          error={form.errors[field.name]}
          onChange={(e) => form.set(field.name, e.target.value)}
        />
        {problem && (
          <p role="alert" className="text-sm font-semibold text-red-300">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Not yet
          </Button>
          <Button type="submit" disabled={form.busy}>
            {form.busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
