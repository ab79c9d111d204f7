import type { FormEvent } from 'react';
import {
  type InquiryField,
  type InquiryValues,
  inquiryLimits,
  inquiryMessages,
  inquiryProblems,
  isMissingProblem,
} from '../../../../shared/domain/partners';
import { phoneFormatProblem } from '../../../../shared/domain/phone';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, useSchemaForm } from '../../../lib/form';
import { submitInquiry } from '../api';

const empty: InquiryValues = { name: '', email: '', phone: '', organization: '', message: '' };
const fieldId = (field: string) => `inquiry-${field}`;
const inquiryRules = formRules(inquiryProblems);

/** Partnership inquiry: name, email and message required; stored and emailed to the staff inbox. */
export function InquiryForm() {
  const form = useSchemaForm(inquiryRules, empty, { fieldId });
  const { values, errors } = form;
  const { toast } = useToast();
  // The optional phone is checked as typed, like the sign-up form's: a number that is not one holds the submit.
  const phoneProblem = phoneFormatProblem(values.phone);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phoneProblem) return;
    if (!form.validate()) {
      if (Object.values(inquiryProblems(values)).some(isMissingProblem)) {
        toast({ title: inquiryMessages.missing.title, description: inquiryMessages.missing.message, variant: 'error' });
      }
      return;
    }
    await form.submitting(async () => {
      try {
        await submitInquiry(values);
        form.reset(empty);
        toast({
          title: inquiryMessages.submitted.title,
          description: inquiryMessages.submitted.message,
          variant: 'success',
        });
      } catch (err) {
        const message = err instanceof ApiClientError ? err.message : 'Please try again.';
        form.showServerErrors(err);
        toast({ title: 'Inquiry not sent', description: message, variant: 'error' });
      }
    });
  };

  /** One of the inquiry's text inputs, bound to the form; the phone also shows its problem as typed. */
  const input = (name: InquiryField, label: string, extra: Partial<Parameters<typeof Input>[0]> = {}) => (
    <Input
      label={label}
      {...form.field(name)}
      error={errors[name] ?? (name === 'phone' ? phoneProblem : undefined)}
      maxLength={inquiryLimits[name]}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="inquiry-heading" className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">Fields marked * are required.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {input('name', 'Name *', { autoComplete: 'name', required: true })}
        {input('email', 'Email *', { type: 'email', autoComplete: 'email', required: true })}
        {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel', hint: 'Optional' })}
        {input('organization', 'Organization', { autoComplete: 'organization', hint: 'Optional' })}
      </div>
      <Textarea
        label="Message *"
        required
        rows={5}
        maxLength={inquiryLimits.message}
        {...form.field('message')}
        hint="Tell us about your organization and the games or causes you want to support."
      />
      <div>
        <Button type="submit" size="lg" disabled={form.busy || Boolean(phoneProblem)}>
          {form.busy ? 'Submitting...' : 'Submit Inquiry'}
        </Button>
      </div>
    </form>
  );
}
