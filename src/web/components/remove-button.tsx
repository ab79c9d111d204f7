import { Trash2 } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button, type ButtonProps } from './ui/button';

/**
 * The small trash button that removes one item; screen readers hear 'Remove <name>'. It reads 'Remove' on
 * screen, or with `iconOnly` shows just the bin (in a row with little room).
 */
export function RemoveButton({
  name,
  iconOnly = false,
  className,
  ...props
}: Omit<ButtonProps, 'name' | 'children'> & { name: string; iconOnly?: boolean }) {
  return (
    <Button size="sm" variant="ghost" className={iconOnly ? cn(className, 'px-2') : className} {...props}>
      <Trash2 aria-hidden="true" className="size-4" />
      {iconOnly ? (
        <span className="sr-only">Remove {name}</span>
      ) : (
        <>
          Remove<span className="sr-only"> {name}</span>
        </>
      )}
    </Button>
  );
}
