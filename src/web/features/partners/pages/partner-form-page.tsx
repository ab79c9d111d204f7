import { CheckCircle2, CircleAlert, SearchX } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { partnerErrorCodes, type SavedSubmission } from '../../../../shared/contracts/partners';
import {
  cleanPartnerForm,
  type PartnerDefinition,
  type PartnerFormField,
  partnerById,
  partnerFormLabels,
  partnerFormLimits,
  partnerFormMessages,
} from '../../../../shared/domain/partners';
import { phoneFormatProblem } from '../../../../shared/domain/phone';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { Page } from '../../../components/layout/page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, type InputProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { accentClasses } from '../accent';
import { savePartnerForm, sendPartnerConfirmation } from '../api';
import { LogoField } from '../components/logo-field';
import { usePartnerDraft } from '../use-partner-draft';

/**
 * Partner detail form, reached at /partner-details/:slug, /partners/:slug and /partner/:partnerId.
 * Any id other than the three partners shows 'Partner Not Found'.
 */
export function PartnerFormPage() {
  const params = useParams();
  const partner = partnerById(params.partnerId ?? params.slug);
  if (!partner) return <PartnerNotFound />;
  // A new partner id is a new form: its own draft, nothing carried over.
  return <PartnerForm key={partner.id} partner={partner} />;
}

function PartnerNotFound() {
  return (
    <Page title={partnerFormMessages.notFound.title} className="flex flex-col items-center gap-4 py-20 text-center">
      <SearchX aria-hidden="true" className="size-12 text-brand-400" />
      <h1 className="text-3xl font-black text-white">{partnerFormMessages.notFound.title}</h1>
      <p className="max-w-md text-slate-300">{partnerFormMessages.notFound.message}</p>
      <ButtonLink to={paths.partners} size="lg">
        Back to Partners
      </ButtonLink>
    </Page>
  );
}

type Phase = 'idle' | 'saving' | 'sending';
type Outcome =
  | { kind: 'sent'; sentTo: string }
  | { kind: 'email-failed'; detail: string | undefined; canRetry: boolean }
  | undefined;

const fieldId = (field: string) => `partner-${field}`;

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5">
      <div>
        <h2 id={id} className="text-xl font-black text-white">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-300">{description}</p>
      </div>
      {children}
    </section>
  );
}

function PartnerForm({ partner }: { partner: PartnerDefinition }) {
  const draft = usePartnerDraft(partner.id, fieldId);
  const { form } = draft;
  const { values, errors, set } = form;
  const [phase, setPhase] = useState<Phase>('idle');
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  /** The last save of these exact values: a retry after a failed email resends instead of saving again. */
  const lastSaved = useRef<{ snapshot: string; saved: SavedSubmission } | undefined>(undefined);
  const { toast } = useToast();
  const accent = accentClasses[partner.color.accent];
  const busy = phase !== 'idle';
  // The phone is checked as typed, like the sign-up form's: a number that is not one holds the submit.
  const phoneProblem = phoneFormatProblem(values.phone);

  const sendEmail = async (saved: SavedSubmission) => {
    setPhase('sending');
    try {
      const sent = await sendPartnerConfirmation(saved.submission.id, saved.receipt);
      setOutcome({ kind: 'sent', sentTo: sent.sentTo });
    } catch (err) {
      const code = err instanceof ApiClientError ? err.code : undefined;
      // Sent as often as allowed: only a new save can send again.
      if (code === partnerErrorCodes.alreadyConfirmed || code === partnerErrorCodes.submissionNotFound)
        lastSaved.current = undefined;
      const detail =
        err instanceof ApiClientError && err.message !== partnerFormMessages.emailFailed ? err.message : undefined;
      setOutcome({ kind: 'email-failed', detail, canRetry: lastSaved.current !== undefined });
    } finally {
      setPhase('idle');
    }
  };

  /** 'Save & Send Confirmation Email': save (once per version of the values), then send the email. */
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || phoneProblem) return;
    if (!form.validate()) {
      toast({ title: 'Check the form', description: partnerFormMessages.invalid, variant: 'error' });
      return;
    }
    const snapshot = JSON.stringify(cleanPartnerForm(values));
    let saved = lastSaved.current?.snapshot === snapshot ? lastSaved.current.saved : undefined;
    if (!saved) {
      setPhase('saving');
      try {
        saved = await savePartnerForm(partner.id, values);
        lastSaved.current = { snapshot, saved };
      } catch (err) {
        setPhase('idle');
        form.showServerErrors(err);
        toast({
          title: 'Partner information not saved',
          description: err instanceof ApiClientError ? err.message : 'Please try again.',
          variant: 'error',
        });
        return;
      }
    }
    await sendEmail(saved);
  };

  const input = (field: PartnerFormField, extra: Partial<InputProps> = {}, required = false) => (
    <Input
      id={fieldId(field)}
      label={`${partnerFormLabels[field]}${required ? ' *' : ''}`}
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
      error={errors[field] ?? (field === 'phone' ? phoneProblem : undefined)}
      maxLength={partnerFormLimits[field]}
      required={required}
      {...extra}
    />
  );
  const textarea = (field: PartnerFormField, hint: string, required = false) => (
    <Textarea
      id={fieldId(field)}
      label={`${partnerFormLabels[field]}${required ? ' *' : ''}`}
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
      error={errors[field]}
      maxLength={partnerFormLimits[field]}
      required={required}
      hint={hint}
      rows={required ? 3 : 4}
    />
  );

  return (
    <Page title={partner.name} className="flex max-w-4xl flex-col gap-6">
      <BackLink to={paths.partners}>Back to Partners</BackLink>
      <header className={cn('overflow-hidden rounded-2xl border bg-ink-850', accent.border)}>
        <div className={cn('px-5 py-6 text-white sm:px-8', accent.band)}>
          <p className="text-sm font-semibold uppercase tracking-wide text-white">Partner details</p>
          <h1 className="mt-1 text-3xl font-black sm:text-4xl">{partner.name}</h1>
          <p className="mt-2 max-w-2xl text-white">{partner.description}</p>
        </div>
        <p className="px-5 py-4 text-sm text-slate-300 sm:px-8">
          Keep your organization's details current. When you save, we store them and email a confirmation to your
          contact address. Your draft stays in this browser until you clear it.
        </p>
      </header>

      {draft.restored && (
        <p role="status" className="rounded-xl border border-ink-600 bg-ink-850 px-4 py-3 text-sm text-slate-200">
          We restored the draft you started in this browser.
        </p>
      )}

      <form onSubmit={submit} noValidate aria-label={`${partner.name} partner form`} className="flex flex-col gap-6">
        <p className="text-sm text-slate-300">Fields marked * are required.</p>
        <Section
          id="section-organization"
          title="Organizational Information"
          description="Who you are and how we reach you."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {input('organizationName', { autoComplete: 'organization' }, true)}
            {input('contactPerson', { autoComplete: 'name' }, true)}
            {input('email', { type: 'email', autoComplete: 'email' }, true)}
            {input('phone', { type: 'tel', autoComplete: 'tel' }, true)}
          </div>
          {textarea('address', 'Street, city, state and postal code.', true)}
          {input('website', { type: 'url', inputMode: 'url', autoComplete: 'url', hint: 'Optional' })}
        </Section>

        <Section id="section-memo" title="Memo & Notes" description="Anything our partnerships team should know.">
          {textarea('memo', 'Optional')}
        </Section>

        <Section
          id="section-sponsorships"
          title="Current Sponsorships"
          description="Sponsors and partners you already work with."
        >
          {textarea('currentSponsorships', 'Optional')}
        </Section>

        <Section
          id="section-brand"
          title="Brand Identity"
          description="How your organization appears on boards and emails."
        >
          {input('brandColors', { hint: 'Optional, e.g. navy #1e3a8a and gold #f59e0b' })}
          <LogoField
            value={values.logoUrl}
            onChange={(url) => set('logoUrl', url)}
            error={errors.logoUrl}
            urlInputId={fieldId('logoUrl')}
          />
          {textarea('brandDescription', 'Optional')}
        </Section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button variant="ghost" onClick={draft.clear} disabled={busy}>
            Clear form
          </Button>
          <Button type="submit" size="lg" disabled={busy || Boolean(phoneProblem)} aria-describedby="submit-note">
            {busy ? 'Saving & Sending Email...' : 'Save & Send Confirmation Email'}
          </Button>
        </div>
        <p id="submit-note" className="text-sm text-slate-400 sm:text-right">
          We email a copy of these details to your contact address.
        </p>
      </form>

      <Dialog
        open={outcome !== undefined}
        onClose={() => setOutcome(undefined)}
        title={partnerFormMessages.saved}
        description={outcome?.kind === 'sent' ? partnerFormMessages.emailSent : undefined}
      >
        {outcome?.kind === 'sent' && (
          <>
            <p className="flex items-start gap-2 text-slate-200">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-court-400" />
              <span>
                We emailed a copy to <strong className="break-all text-white">{outcome.sentTo}</strong>.
              </span>
            </p>
            <div className="flex flex-wrap justify-end gap-3">
              <ButtonLink to={paths.partners} variant="outline">
                Back to Partners
              </ButtonLink>
              <Button onClick={() => setOutcome(undefined)}>Done</Button>
            </div>
          </>
        )}
        {outcome?.kind === 'email-failed' && (
          <>
            <div role="alert" className="flex items-start gap-2 rounded-xl border border-red-400/50 bg-red-950/50 p-3">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-300" />
              <div className="text-sm text-red-100">
                <p className="font-semibold">{partnerFormMessages.emailFailed}</p>
                {outcome.detail && <p className="mt-1">{outcome.detail}</p>}
              </div>
            </div>
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="outline" onClick={() => setOutcome(undefined)}>
                OK
              </Button>
              {outcome.canRetry && lastSaved.current && (
                <Button
                  disabled={busy}
                  onClick={() => {
                    const saved = lastSaved.current?.saved;
                    setOutcome(undefined);
                    if (saved) void sendEmail(saved);
                  }}
                >
                  Try again
                </Button>
              )}
            </div>
          </>
        )}
      </Dialog>
    </Page>
  );
}
