import { Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, type ButtonProps } from './ui/button';

/**
 * A card that switches between showing its values and a form (Edit, Save, Cancel): Edit and Cancel restore
 * the saved values (`reset`), Edit moves focus to the first field, and leaving the form moves it back to Edit.
 */
export function useEditMode(reset: () => void) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const firstInput = useRef<HTMLInputElement>(null);
  const leave = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return {
    editing,
    editButton,
    firstInput,
    leave,
    edit() {
      reset();
      setEditing(true);
      requestAnimationFrame(() => firstInput.current?.focus());
    },
    cancel() {
      reset();
      leave();
    },
  };
}

/** The pencil Edit button; `what` completes its name for screen readers ('Edit profile'). */
export function EditButton({ what, ...props }: ButtonProps & { what: string }) {
  return (
    <Button variant="outline" {...props}>
      <Pencil aria-hidden="true" className="size-4" />
      Edit<span className="sr-only">{` ${what}`}</span>
    </Button>
  );
}

/** The Save (Saving... while pending) and Cancel buttons under an edit form. */
export function SaveOrCancel({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}
