import type { ChangeEvent } from 'react';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { LogoField } from '../../partners';
import type { OrgFormValues } from '../org-form';

/** What a form's `field(name)` gives a control. */
export interface FieldProps {
  id?: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
}

/** The id of a field's control on an organization's form (a problem moves focus there). */
export const orgFieldId = (field: string) => `org-${field}`;

/**
 * The fields an organization's create and edit forms share: name, cause, contact email, EIN and the logo (an
 * upload; the logo's problem from the server shows under it).
 */
export function OrgDetailFields({
  field,
  logo,
  onLogo,
  logoError,
}: {
  /** A bound field of the form (its `field`). */
  field: (name: keyof OrgFormValues) => FieldProps;
  logo: string;
  onLogo: (url: string) => void;
  logoError?: string | undefined;
}) {
  return (
    <>
      <Textarea
        label="Cause (optional)"
        hint="What the money you raise is for, in a line or two. Up to 500 characters."
        rows={3}
        {...field('cause')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Contact email (optional)"
          type="email"
          autoComplete="email"
          hint="Where fans and FanGrid can reach the organization."
          {...field('contactEmail')}
        />
        <Input
          label="EIN (optional)"
          inputMode="numeric"
          placeholder="12-3456789"
          hint="A US nonprofit's Employer Identification Number."
          {...field('ein')}
        />
      </div>
      <LogoField value={logo} onChange={onLogo} error={logoError} />
    </>
  );
}
