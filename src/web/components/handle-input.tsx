import { type HandleKey, handleRules } from '../../shared/domain/gaming-profile';
import { Input, type InputProps } from './ui/input';

/** A gamer handle's input (console, store or streaming site): its label, placeholder and length from the shared rules. */
export function HandleInput({ handle, ...props }: Omit<InputProps, 'label'> & { handle: HandleKey }) {
  const rule = handleRules[handle];
  return (
    <Input
      label={rule.label}
      placeholder={rule.placeholder}
      maxLength={rule.max + 1}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}
