import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordSchema, signInSchema, signUpSchema } from '../../../../shared/contracts/accounts';
import { authErrorCodes, authMessages } from '../../../../shared/contracts/auth-messages';
import { errorCodes, genericErrorMessage } from '../../../../shared/contracts/error-codes';
import { paths } from '../../../app/paths';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, useSchemaForm } from '../../../lib/form';
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

/** Login: sign in ('Welcome Back'), sign up ('Get Started'), forgot password and set a new password. */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const resetToken = params.get('token');
  const [mode, setMode] = useState<Mode>('signin');
  const [view, setView] = useState<View>(resetToken ? 'reset' : 'form');
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const handledReturn = useRef(false);

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
      const description = params.get('error_description') ?? authMessages.confirmationError.message;
      toast({ title: authMessages.confirmationError.title, description, variant: 'error', durationMs: 8000 });
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
    setMode(next);
    setView('form');
    signIn.reset();
    signUp.reset();
  };

  const signInMutation = useMutation({
    mutationFn: accountsApi.signIn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      toast({ title: authMessages.welcomeBack, variant: 'success' });
      navigate(paths.home);
    },
    onError: (err) => {
      const { code, message } = errorInfo(err);
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
    mutationFn: accountsApi.signUp,
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

  if (me.data && !params.get('confirmed') && !handledReturn.current) return <Navigate to={paths.home} replace />;
  if (me.data && handledReturn.current && view === 'form') return <Navigate to={paths.home} replace />;

  const busy =
    signInMutation.isPending || signUpMutation.isPending || forgotMutation.isPending || resetMutation.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'signin' && signIn.data) signInMutation.mutate(signIn.data);
    if (mode === 'signup' && signUp.data) signUpMutation.mutate(signUp.data);
  };

  const onForgot = (e: FormEvent) => {
    e.preventDefault();
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
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (reset.data) resetMutation.mutate(reset.data.newPassword);
            }}
            className="flex flex-col gap-4"
            noValidate
          >
            <h1 className="text-3xl font-black text-white">Set a new password</h1>
            <p className="text-slate-300">Choose a password you have not used on FanGrid before.</p>
            <Input
              label="New password"
              type="password"
              autoComplete="new-password"
              value={reset.values.newPassword}
              onChange={(e) => reset.set('newPassword', e.target.value)}
              error={reset.errors.newPassword}
            />
            <Button type="submit" size="lg" disabled={!reset.valid || busy}>
              {busy ? 'Please wait...' : 'Save new password'}
            </Button>
          </form>
        ) : view === 'forgot' ? (
          <form onSubmit={onForgot} className="flex flex-col gap-4" noValidate>
            <h1 className="text-3xl font-black text-white">Reset your password</h1>
            <p className="text-slate-300">Enter your email and we'll send you a link to set a new password.</p>
            <Input
              label="Email"
              type="email"
              autoComplete="email"
              value={forgot.values.email}
              onChange={(e) => forgot.set('email', e.target.value)}
            />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Please wait...' : 'Send reset link'}
            </Button>
            <Button variant="ghost" onClick={() => setView('form')}>
              Back to login
            </Button>
          </form>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
            <h1 className="text-3xl font-black text-white">{mode === 'signin' ? 'Welcome Back' : 'Get Started'}</h1>
            <p className="text-slate-300">
              {mode === 'signin' ? 'Sign in to follow your boards and entries.' : 'Create your FanGrid account.'}
            </p>
            {mode === 'signup' && (
              <>
                <Input
                  label="Full name"
                  autoComplete="name"
                  value={signUp.values.name}
                  onChange={(e) => signUp.set('name', e.target.value)}
                  error={signUp.errors.name}
                />
                <Input
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  value={signUp.values.phone}
                  onChange={(e) => signUp.set('phone', e.target.value)}
                  error={signUp.errors.phone}
                />
              </>
            )}
            <Input
              label="Email"
              type="email"
              autoComplete="email"
              value={mode === 'signin' ? signIn.values.email : signUp.values.email}
              onChange={(e) => (mode === 'signin' ? signIn : signUp).set('email', e.target.value)}
              error={(mode === 'signin' ? signIn : signUp).errors.email}
            />
            <Input
              label="Password"
              type="password"
              autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
              value={mode === 'signin' ? signIn.values.password : signUp.values.password}
              onChange={(e) => (mode === 'signin' ? signIn : signUp).set('password', e.target.value)}
              error={(mode === 'signin' ? signIn : signUp).errors.password}
            />
            <Button type="submit" size="lg" disabled={busy || !(mode === 'signin' ? signIn.valid : signUp.valid)}>
              {busy ? 'Please wait...' : mode === 'signin' ? 'Sign In' : 'Create Account'}
            </Button>
            {mode === 'signin' && (
              <Button variant="ghost" onClick={() => setView('forgot')}>
                Forgot your password?
              </Button>
            )}
          </form>
        )}
      </div>
      {view === 'form' && (
        <p className="text-center text-slate-300">
          {mode === 'signin' ? "Don't have an account? " : 'Already have an account? '}
          <button
            type="button"
            className="font-semibold text-brand-300 underline-offset-4 hover:underline"
            onClick={() => switchMode(mode === 'signin' ? 'signup' : 'signin')}
          >
            {mode === 'signin' ? 'Sign up' : 'Sign in'}
          </button>
        </p>
      )}
    </Page>
  );
}
