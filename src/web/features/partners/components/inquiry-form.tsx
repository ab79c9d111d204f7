import { type FormEvent, useState } from 'react';
import {
  type InquiryField,
  type InquiryValues,
  inquiryLimits,
  inquiryMessages,
  inquiryProblems,
  isMissingProblem,
} from '../../../../shared/domain/partners';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { submitInquiry } from '../api';

const empty: InquiryValues = { name: '', email: '', phone: '', organization: '', message: '' };
const fieldId = (field: InquiryField) => `inquiry-${field}`;

/** Partnership inquiry: name, email and message required; stored and emailed to the staff inbox. */
export function InquiryForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<InquiryField, string>>>({});
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();

  const set = (field: InquiryField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showProblems = (problems: Partial<Record<string, string>>) => {
    setErrors(problems);
    const first = (Object.keys(empty) as InquiryField[]).find((f) => problems[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = inquiryProblems(values);
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      if (Object.values(problems).some(isMissingProblem)) {
        toast({ title: inquiryMessages.missing.title, description: inquiryMessages.missing.message, variant: 'error' });
      }
      return;
    }
    setBusy(true);
    try {
      await submitInquiry(values);
      setValues(empty);
      setErrors({});
      toast({
        title: inquiryMessages.submitted.title,
        description: inquiryMessages.submitted.message,
        variant: 'success',
      });
    } catch (err) {
      const message = err instanceof ApiClientError ? err.message : 'Please try again.';
      if (err instanceof ApiClientError && err.fields) showProblems(err.fields);
      toast({ title: 'Inquiry not sent', description: message, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: InquiryField, label: string, extra: Partial<Parameters<typeof Input>[0]> = {}) => (
    <Input
      id={fieldId(name)}
      label={label}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      error={errors[name]}
      maxLength={inquiryLimits[name]}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="inquiry-heading" className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">Fields marked * are required.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Name *', { autoComplete: 'name', required: true })}
        {field('email', 'Email *', { type: 'email', autoComplete: 'email', required: true })}
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', hint: 'Optional' })}
        {field('organization', 'Organization', { autoComplete: 'organization', hint: 'Optional' })}
      </div>
      <Textarea
        id={fieldId('message')}
        label="Message *"
        required
        rows={5}
        maxLength={inquiryLimits.message}
        value={values.message}
        onChange={(e) => set('message', e.target.value)}
        error={errors.message}
        hint="Tell us about your organization and the games or causes you want to support."
      />
      <div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit Inquiry'}
        </Button>
      </div>
    </form>
  );
}
