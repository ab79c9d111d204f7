import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  resetPasswordSchema,
  type SignUpInput,
  signInSchema,
  signUpSchema,
} from '../../../../shared/contracts/accounts';
import { authErrorCodes, authMessages } from '../../../../shared/contracts/auth-messages';
import { errorCodes, genericErrorMessage } from '../../../../shared/contracts/error-codes';
import { paths } from '../../../app/paths';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, useOneAtATime, useSchemaForm } from '../../../lib/form';
import { returnPathOf } from '../../../lib/sign-in-return';
import { accountsApi, meQuery } from '../api';

type Mode = 'signin' | 'signup';
type View = 'form' | 'forgot' | 'reset';

/** The forgot-password form: an email is all it asks (an empty one is told in a toast). */
const forgotRules = formRules((v: { email: string }) => ({
  email: v.email.trim() ? undefined : authMessages.emptyResetEmail,
}));
const resetSchema = resetPasswordSchema.pick({ newPassword: true });

const errorInfo = (err: unknown) =>
  err instanceof ApiClientError
    ? { code: err.code, message: err.message }
    : { code: errorCodes.unknown, message: genericErrorMessage };

/**
 * One of the login screen's forms: its heading, a line on what it is for, its fields, then its submit button
 * ('Please wait...' while any request runs) and what follows it.
 */
function AuthForm({
  title,
  lead,
  onSubmit,
  busy,
  ready = true,
  submitLabel,
  children,
  footer,
}: {
  title: string;
  lead: string;
  onSubmit: () => void;
  busy: boolean;
  /** False while the fields are not yet valid: the button waits. */
  ready?: boolean;
  submitLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-4"
      noValidate
    >
      <h1 className="text-3xl font-black text-white">{title}</h1>
      <p className="text-slate-300">{lead}</p>
      {children}
      <Button type="submit" size="lg" disabled={busy || !ready}>
        {busy ? 'Please wait...' : submitLabel}
      </Button>
      {footer}
    </form>
  );
}

/** A sign-in the account's wait refused: its message, and a one-time sign-in link to send by email. */
function SignInLinkOffer({
  message,
  sent,
  pending,
  onSend,
}: {
  message: string;
  /** The server's word once the link is sent. */
  sent: string | undefined;
  pending: boolean;
  onSend: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border border-brand-400/40 bg-ink-900 p-4 text-slate-200"
    >
      <p>{message}</p>
      {sent !== undefined ? (
        <p role="status" className="font-semibold text-white">
          {authMessages.signInLinkSent.title} {sent}
        </p>
      ) : (
        <Button variant="secondary" disabled={pending} onClick={onSend}>
          {pending ? 'Please wait...' : authMessages.signInLinkOffer}
        </Button>
      )}
    </div>
  );
}

/**
 * Login: sign in ('Welcome Back'), sign up ('Get Started'), forgot password and set a new password. With
 * `?next=<path>` (a screen for signed-in people sent the visitor here) the fan returns there once signed in,
 * also through the confirmation link of a sign-up; `?mode=signup` opens on sign-up.
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const resetToken = params.get('token');
  // Read once: the emailed link's return cleans the URL of its parameters.
  const [back] = useState(() => returnPathOf(params.get('next')));
  const home = back ?? paths.home;
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const [view, setView] = useState<View>(resetToken ? 'reset' : 'form');
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const handledReturn = useRef(false);
  // Sign in and Create Account send once per click, however fast the second click comes.
  const oneAtATime = useOneAtATime();

  // Sign-in, sign-up and the new password are checked as the fan types, by the endpoints' own schemas.
  const signIn = useSchemaForm(signInSchema, { email: '', password: '' }, { live: true });
  const signUp = useSchemaForm(signUpSchema, { name: '', phone: '', email: '', password: '' }, { live: true });
  const forgot = useSchemaForm(forgotRules, { email: '' });
  const reset = useSchemaForm(resetSchema, { newPassword: '' }, { live: true });

  // Returning from an emailed link: confirmation done, or a link error to explain. The URL is then cleaned.
  useEffect(() => {
    if (handledReturn.current) return;
    const error = params.get('error');
    const confirmed = params.get('confirmed');
    if (!error && !confirmed) return;
    handledReturn.current = true;
    if (error) {
      // A spent or expired one-time sign-in link says so; any other link error is a confirmation error.
      const shown = params.get('link') ? authMessages.signInLinkFailed : authMessages.confirmationError;
      const description = params.get('error_description') ?? shown.message;
      toast({ title: shown.title, description, variant: 'error', durationMs: 8000 });
      setView('form');
    } else {
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      toast({
        title: authMessages.emailConfirmed.title,
        description: authMessages.emailConfirmed.message,
        variant: 'success',
      });
    }
    setParams({}, { replace: true });
  }, [params, setParams, toast, queryClient]);

  const switchMode = (next: Mode) => {
    setLinkOffer(null);
    setMode(next);
    setView('form');
    signIn.reset();
    signUp.reset();
  };

  // A sign-in refused by the account's wait (strangers' guesses) offers a one-time sign-in link by email.
  const [linkOffer, setLinkOffer] = useState<{ email: string; message: string } | null>(null);
  const linkMutation = useMutation({
    mutationFn: accountsApi.requestSignInLink,
    onError: (err) => toast({ title: 'Sign-in link', description: errorInfo(err).message, variant: 'error' }),
  });

  const signInMutation = useMutation({
    mutationFn: accountsApi.signIn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      toast({ title: authMessages.welcomeBack, variant: 'success' });
      navigate(home);
    },
    onError: (err, input) => {
      const { code, message } = errorInfo(err);
      if (code === authErrorCodes.accountSlowed) {
        linkMutation.reset();
        setLinkOffer({ email: input.email, message });
        return;
      }
      const title =
        code === authErrorCodes.invalidCredentials
          ? authMessages.loginFailed.title
          : code === authErrorCodes.emailNotVerified
            ? authMessages.emailNotConfirmed.title
            : 'Login Error';
      toast({ title, description: message, variant: 'error' });
    },
  });

  const signUpMutation = useMutation({
    mutationFn: (input: SignUpInput) => accountsApi.signUp(input, back),
    onSuccess: () => {
      toast({
        title: authMessages.checkEmailSignUp.title,
        description: authMessages.checkEmailSignUp.message,
        variant: 'success',
        durationMs: 10_000,
      });
      signUp.reset();
    },
    onError: (err) => {
      const { code, message } = errorInfo(err);
      toast({ title: 'Sign Up Error', description: message, variant: 'error' });
      if (code === authErrorCodes.userExists) switchMode('signin');
    },
  });

  const forgotMutation = useMutation({
    mutationFn: accountsApi.requestReset,
    onSuccess: () => {
      toast({
        title: authMessages.checkEmailReset.title,
        description: authMessages.checkEmailReset.message,
        variant: 'success',
        durationMs: 8000,
      });
      forgot.reset();
    },
    onError: (err) => toast({ title: 'Password Reset Error', description: errorInfo(err).message, variant: 'error' }),
  });

  const resetMutation = useMutation({
    mutationFn: (newPassword: string) => accountsApi.resetPassword(resetToken ?? '', newPassword),
    onSuccess: () => {
      toast({ title: 'Password updated', description: 'Sign in with your new password.', variant: 'success' });
      reset.reset();
      setParams({}, { replace: true });
      switchMode('signin');
    },
    onError: (err) => toast({ title: 'Password Reset Error', description: errorInfo(err).message, variant: 'error' }),
  });

  if (me.data && !params.get('confirmed') && !handledReturn.current) return <Navigate to={home} replace />;
  if (me.data && handledReturn.current && view === 'form') return <Navigate to={home} replace />;

  const signingIn = mode === 'signin';
  const busy =
    signInMutation.isPending || signUpMutation.isPending || forgotMutation.isPending || resetMutation.isPending;

  const onSubmit = () => {
    const signInData = mode === 'signin' ? signIn.data : undefined;
    const signUpData = mode === 'signup' ? signUp.data : undefined;
    if (signInData) oneAtATime(() => signInMutation.mutateAsync(signInData));
    if (signUpData) oneAtATime(() => signUpMutation.mutateAsync(signUpData));
  };

  const onForgot = () => {
    if (!forgot.check().ok) {
      toast({ title: authMessages.emptyResetEmail, variant: 'error' });
      return;
    }
    forgotMutation.mutate(forgot.values.email.trim());
  };

  return (
    <Page title="Sign in" className="flex max-w-md flex-col gap-6">
      <div className="rounded-3xl border border-ink-700 bg-ink-850 p-6 shadow-2xl shadow-black/30 sm:p-8">
        {view === 'reset' ? (
          <AuthForm
            title="Set a new password"
            lead="Choose a password you have not used on FanGrid before."
            onSubmit={() => {
              if (reset.data) resetMutation.mutate(reset.data.newPassword);
            }}
            busy={busy}
            ready={reset.valid}
            submitLabel="Save new password"
          >
            <Input label="New password" type="password" autoComplete="new-password" {...reset.field('newPassword')} />
          </AuthForm>
        ) : view === 'forgot' ? (
          <AuthForm
            title="Reset your password"
            lead="Enter your email and we'll send you a link to set a new password."
            onSubmit={onForgot}
            busy={busy}
            submitLabel="Send reset link"
            footer={
              <Button variant="ghost" onClick={() => setView('form')}>
                Back to login
              </Button>
            }
          >
            <Input label="Email" type="email" autoComplete="email" {...forgot.field('email')} />
          </AuthForm>
        ) : (
          <AuthForm
            title={signingIn ? 'Welcome Back' : 'Get Started'}
            lead={signingIn ? 'Sign in to follow your boards and entries.' : 'Create your FanGrid account.'}
            onSubmit={onSubmit}
            busy={busy}
            ready={signingIn ? signIn.valid : signUp.valid}
            submitLabel={signingIn ? 'Sign In' : 'Create Account'}
            footer={
              signingIn && (
                <>
                  {linkOffer && (
                    <SignInLinkOffer
                      message={linkOffer.message}
                      sent={linkMutation.isSuccess ? linkMutation.data.message : undefined}
                      pending={linkMutation.isPending}
                      onSend={() => linkMutation.mutate(linkOffer.email)}
                    />
                  )}
                  <Button variant="ghost" onClick={() => setView('forgot')}>
                    Forgot your password?
                  </Button>
                </>
              )
            }
          >
            {!signingIn && (
              <>
                <Input label="Full name" autoComplete="name" {...signUp.field('name')} />
                <Input label="Phone" type="tel" autoComplete="tel" inputMode="tel" {...signUp.field('phone')} />
              </>
            )}
            <Input
              label="Email"
              type="email"
              autoComplete="email"
              {...(signingIn ? signIn.field('email') : signUp.field('email'))}
            />
            <Input
              label="Password"
              type="password"
              autoComplete={signingIn ? 'current-password' : 'new-password'}
              {...(signingIn ? signIn.field('password') : signUp.field('password'))}
            />
          </AuthForm>
        )}
      </div>
      {view === 'form' && (
        <p className="text-center text-slate-300">
          {signingIn ? "Don't have an account? " : 'Already have an account? '}
          <button
            type="button"
            className="font-semibold text-brand-300 underline-offset-4 hover:underline"
            onClick={() => switchMode(signingIn ? 'signup' : 'signin')}
          >
            {signingIn ? 'Sign up' : 'Sign in'}
          </button>
        </p>
      )}
    </Page>
  );
}
