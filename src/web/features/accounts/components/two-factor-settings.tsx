import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { totpCodeSchema, twoFactorPasswordSchema } from '../../../../shared/contracts/two-factor';
import { otpauthSecretOf } from '../../../../shared/domain/two-factor';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { twoFactorApi, twoFactorStatusQuery } from '../api';
import { OtpauthQr } from './otpauth-qr';

/** What the password is asked for: turning two-factor on or off, or new backup codes. */
type PasswordFor = 'enable' | 'disable' | 'codes';
type Step = { kind: 'idle' } | { kind: 'password'; next: PasswordFor } | Setup | Codes;
interface Codes {
  kind: 'codes';
  codes: string[];
  /** Backup codes made anew while two-factor stays on (the old ones stop working). */
  renewed?: boolean;
}
interface Setup {
  kind: 'setup';
  uri: string;
  codes: string[];
}

const messageOf = (err: unknown) =>
  err instanceof ApiClientError ? err.message : 'Something went wrong. Please try again.';

/** A small form inside the section: its fields, then its buttons. */
function StepForm({ onSubmit, children, actions }: { onSubmit: () => void; children: ReactNode; actions: ReactNode }) {
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="flex flex-wrap gap-3">{actions}</div>
    </form>
  );
}

const submitLabels: Record<PasswordFor, string> = {
  enable: 'Continue',
  disable: 'Turn off two-factor',
  codes: 'Make new backup codes',
};

/** The password again, before turning two-factor on or off or making new backup codes. */
function PasswordStep({
  next,
  onDone,
  onCancel,
}: {
  next: PasswordFor;
  /** The next step (the app's setup, the new codes), or none (turned off). */
  onDone: (step?: Setup | Codes) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(twoFactorPasswordSchema, { password: '' }, { live: true });
  const { toast } = useToast();
  const run = useMutation({
    mutationFn: async (password: string): Promise<Setup | Codes | undefined> => {
      if (next === 'enable') {
        const setup = await twoFactorApi.enable(password);
        return { kind: 'setup', uri: setup.totpURI, codes: setup.backupCodes };
      }
      if (next === 'codes') {
        return { kind: 'codes', codes: (await twoFactorApi.newBackupCodes(password)).backupCodes, renewed: true };
      }
      await twoFactorApi.disable(password);
      return undefined;
    },
    onSuccess: (step) => onDone(step),
    onError: (err) => toast({ title: 'Two-factor authentication', description: messageOf(err), variant: 'error' }),
  });
  return (
    <StepForm
      onSubmit={() => form.data && !run.isPending && run.mutate(form.data.password)}
      actions={
        <>
          <Button type="submit" disabled={run.isPending || !form.valid}>
            {run.isPending ? 'Please wait...' : submitLabels[next]}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <Input
        label="Your password"
        type="password"
        autoComplete="current-password"
        hint={
          next === 'enable'
            ? 'To turn on two-factor, confirm it is you.'
            : next === 'disable'
              ? 'To turn off two-factor, confirm it is you.'
              : 'To make new backup codes, confirm it is you. The old ones stop working.'
        }
        {...form.field('password')}
      />
    </StepForm>
  );
}

/** The app's QR code and its secret in text, then a code from the app to confirm. */
function SetupStep({ setup, onConfirmed, onCancel }: { setup: Setup; onConfirmed: () => void; onCancel: () => void }) {
  const form = useSchemaForm(totpCodeSchema, { code: '' }, { live: true });
  const { toast } = useToast();
  const secret = otpauthSecretOf(setup.uri) ?? '';
  const confirm = useMutation({
    mutationFn: twoFactorApi.verifyCode,
    onSuccess: onConfirmed,
    onError: (err) => {
      toast({ title: 'Two-factor authentication', description: messageOf(err), variant: 'error' });
      form.reset();
    },
  });
  return (
    <StepForm
      onSubmit={() => form.data && !confirm.isPending && confirm.mutate(form.data.code)}
      actions={
        <>
          <Button type="submit" disabled={confirm.isPending || !form.valid}>
            {confirm.isPending ? 'Please wait...' : 'Confirm and turn on'}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <ol className="list-decimal space-y-1 pl-5 text-slate-300">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy, …).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <OtpauthQr uri={setup.uri} label="QR code to add FanGrid to your authenticator app" />
        <div className="min-w-0">
          <p className="text-sm text-slate-300">Setup key</p>
          <code className="block break-all font-mono text-lg text-white" data-testid="two-factor-secret">
            {secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <Input
        label="6-digit code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        {...form.field('code')}
      />
    </StepForm>
  );
}

/** The backup codes, shown once: copy or download them, then done. */
function BackupCodes({ codes, renewed, onDone }: { codes: string[]; renewed?: boolean; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `FanGrid backup codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="font-semibold text-white">
        {renewed ? 'New backup codes: the old ones no longer work.' : 'Two-factor is on.'} Save these backup codes now:
        this is the only time they are shown.
      </p>
      <p className="text-slate-300">If you lose your phone, each code signs you in once instead of the app.</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base text-white" data-testid="two-factor-backup-codes">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-ink-950 px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <a
          className={buttonClasses('outline', 'md')}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="fangrid-backup-codes.txt"
        >
          Download codes
        </a>
        <Button onClick={onDone}>I saved my codes</Button>
      </div>
    </div>
  );
}

/** Account settings: two-factor authentication, turned on (password, QR code, a code) and off (password). */
export function TwoFactorSettings() {
  const status = useQuery(twoFactorStatusQuery);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
  const idle = () => setStep({ kind: 'idle' });

  let body: ReactNode;
  if (status.isPending) body = <Skeleton className="h-24" />;
  else if (status.isError)
    body = <LoadFailed message={messageOf(status.error)} onRetry={() => void status.refetch()} />;
  else if (step.kind === 'password') {
    body = (
      <PasswordStep
        next={step.next}
        onCancel={idle}
        onDone={(next) => {
          if (next) setStep(next);
          else {
            idle();
            void refresh();
          }
        }}
      />
    );
  } else if (step.kind === 'setup') {
    body = <SetupStep setup={step} onCancel={idle} onConfirmed={() => setStep({ kind: 'codes', codes: step.codes })} />;
  } else if (step.kind === 'codes') {
    body = (
      <BackupCodes
        codes={step.codes}
        renewed={step.renewed}
        onDone={() => {
          idle();
          void refresh();
        }}
      />
    );
  } else {
    const { enabled, required } = status.data;
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-slate-300" data-testid="two-factor-state">
          {enabled
            ? 'Two-factor is on: signing in asks for a code from your authenticator app after your password.'
            : 'Two-factor is off. Turn it on to ask for a code from an authenticator app after your password.'}
        </p>
        {required && !enabled && (
          <p role="alert" className="rounded-xl border border-amber-400/40 bg-amber-950/40 p-3 text-amber-100">
            Your role requires two-factor authentication: organization screens stay closed to you until it is on.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {enabled && (
            <Button variant="secondary" onClick={() => setStep({ kind: 'password', next: 'codes' })}>
              New backup codes
            </Button>
          )}
          <Button
            variant={enabled ? 'outline' : 'primary'}
            onClick={() => setStep({ kind: 'password', next: enabled ? 'disable' : 'enable' })}
          >
            {enabled ? 'Turn off two-factor' : 'Turn on two-factor'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-3xl border border-ink-700 bg-ink-850 p-6 sm:p-8">
      <h2 id="two-factor-heading" className="mb-4 text-xl font-bold text-white">
        Two-factor authentication
      </h2>
      {body}
    </section>
  );
}
