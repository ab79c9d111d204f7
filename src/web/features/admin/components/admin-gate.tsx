import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type FormEvent, lazy, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { authErrorCodes, authMessages } from '../../../../shared/contracts/auth-messages';
import { adminScreens } from '../../../app/paths';
import { AfterPaint } from '../../../components/after-paint';
import { Page, Skeleton } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formRules, useSchemaForm } from '../../../lib/form';
import { adminGateApi, adminStatusQuery } from '../gate-api';

const PASSCODE_LENGTH = 8;

/** Step 1 takes exactly the 8-character passcode, step 2 any second phrase; until then Continue is off. */
const gateRules = (step: 1 | 2) =>
  formRules((v: { secret: string }) => ({
    secret: (step === 1 ? v.secret.length === PASSCODE_LENGTH : v.secret.trim().length > 0) ? undefined : 'incomplete',
  }));

/** Links between the admin screens; the current one is marked for assistive tech (aria-current). */
function AdminNav() {
  return (
    <nav aria-label="Admin">
      <ul className="flex gap-1 overflow-x-auto rounded-xl border border-ink-700 bg-ink-950 p-1">
        {adminScreens.map((s) => (
          <li key={s.path} className="shrink-0">
            <NavLink
              to={s.path}
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold',
                  isActive ? 'bg-brand-500 text-ink-950' : 'text-slate-300 hover:text-white',
                )
              }
            >
              {s.nav}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Admin gate, checked by the server: step 1 an 8-character passcode, step 2 the second
 * phrase; 'Invalid password' clears the field; Back returns to step 1. Children render once passed.
 */
export function AdminGate({ title, children }: { title: string; children: ReactNode }) {
  const status = useQuery(adminStatusQuery);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2 | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageId = useId();

  const currentStep = step ?? (status.data?.stage === 'passcode' ? 2 : 1);
  const rules = useMemo(() => gateRules(currentStep), [currentStep]);
  const form = useSchemaForm(rules, { secret: '' });
  const value = form.values.secret;
  const setValue = (secret: string) => form.set('secret', secret);

  const fail = (err: unknown) => {
    const code = err instanceof ApiClientError ? err.code : '';
    if (code === authErrorCodes.adminStepExpired) setStep(1);
    setMessage(err instanceof ApiClientError ? err.message : authMessages.adminInvalid);
    setValue('');
    inputRef.current?.focus();
  };

  const submit = useMutation({
    mutationFn: async (input: string) =>
      currentStep === 1 ? adminGateApi.passcode(input) : adminGateApi.phrase(input),
    onSuccess: async () => {
      setValue('');
      setMessage(null);
      if (currentStep === 1) setStep(2);
      else await queryClient.invalidateQueries({ queryKey: adminStatusQuery.queryKey });
    },
    onError: fail,
  });

  const signOut = useMutation({
    mutationFn: adminGateApi.signOut,
    onSuccess: () => {
      setStep(1);
      void queryClient.invalidateQueries({ queryKey: adminStatusQuery.queryKey });
    },
  });

  if (status.isPending) return <Page title={title}>Loading...</Page>;
  if (status.data?.stage === 'admin') {
    return (
      // A screen tall at least: the footer stays below the fold while the content's code and data load.
      <Page title={title} className="flex min-h-dvh flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-black text-white">{title}</h1>
          <Button variant="outline" onClick={() => signOut.mutate()}>
            Leave admin
          </Button>
        </div>
        <AdminNav />
        {children}
      </Page>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate(value);
  };
  const canContinue = form.check().ok;

  return (
    <Page title={title} className="flex max-w-md flex-col gap-6">
      <form
        onSubmit={onSubmit}
        className="flex flex-col gap-4 rounded-3xl border border-ink-700 bg-ink-850 p-6"
        noValidate
      >
        <h1 className="text-2xl font-black text-white">Admin access</h1>
        <p className="text-slate-300">
          {currentStep === 1
            ? 'Step 1 of 2: enter the 8-character passcode.'
            : 'Step 2 of 2: enter the second password.'}
        </p>
        <Input
          ref={inputRef}
          key={currentStep}
          label={currentStep === 1 ? 'Passcode' : 'Second password'}
          type="password"
          autoComplete="off"
          autoFocus
          maxLength={currentStep === 1 ? PASSCODE_LENGTH : 200}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={message ? messageId : undefined}
        />
        {message && (
          <p id={messageId} role="alert" className="text-sm font-semibold text-red-300">
            {message}
          </p>
        )}
        <div className="flex gap-3">
          {currentStep === 2 && (
            <Button
              variant="ghost"
              onClick={() => {
                setStep(1);
                setValue('');
                setMessage(null);
              }}
            >
              Back
            </Button>
          )}
          <Button type="submit" className="flex-1" disabled={!canContinue || submit.isPending}>
            {submit.isPending ? 'Please wait...' : 'Continue'}
          </Button>
        </div>
        {status.data?.lockedUntil && (
          <p className="text-sm text-amber-300">The gate is locked after too many wrong passwords. Try again later.</p>
        )}
      </form>
    </Page>
  );
}

/**
 * An admin screen: the gate, then its content, which asks the admin API (so nothing is asked of it before the
 * admin session exists). The content is a chunk of its own (`load`), asked for once the heading has painted: the
 * heading needs none of its code, the admin API's answer contracts among it.
 */
export function adminScreen(title: string, load: () => Promise<ComponentType>) {
  const Content = lazy(() => load().then((Component) => ({ default: Component })));
  return function AdminScreen() {
    return (
      <AdminGate title={title}>
        <AfterPaint fallback={<Skeleton className="h-40" />}>
          <Content />
        </AfterPaint>
      </AdminGate>
    );
  };
}
