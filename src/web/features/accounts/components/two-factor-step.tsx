import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { backupCodeSchema, totpCodeSchema, twoFactorErrorCodes } from '../../../../shared/contracts/two-factor';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { twoFactorApi } from '../api';

type Kind = 'app' | 'backup';

/**
 * The second step of a sign-in for an account with two-factor on: the 6-digit code from the authenticator app,
 * or one of the backup codes (each works once). A challenge that expired or took too many tries starts over.
 */
export function TwoFactorStep({
  onSignedIn,
  onStartOver,
  onError,
}: {
  onSignedIn: () => Promise<void> | void;
  onStartOver: () => void;
  onError: (message: string) => void;
}) {
  const [kind, setKind] = useState<Kind>('app');
  const app = useSchemaForm(totpCodeSchema, { code: '' }, { live: true });
  const backup = useSchemaForm(backupCodeSchema, { code: '' }, { live: true });
  const form = kind === 'app' ? app : backup;
  const verify = useMutation({
    mutationFn: (code: string) =>
      kind === 'app' ? twoFactorApi.verifyCode(code) : twoFactorApi.verifyBackupCode(code),
    onSuccess: () => onSignedIn(),
    onError: (err) => {
      const message = err instanceof ApiClientError ? err.message : 'Something went wrong. Please try again.';
      onError(message);
      const code = err instanceof ApiClientError ? err.code : '';
      if (code === twoFactorErrorCodes.challengeExpired || code === twoFactorErrorCodes.tooManyTries) onStartOver();
      else form.reset();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.data && !verify.isPending) verify.mutate(form.data.code);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <h1 className="text-3xl font-black text-white">Two-step sign-in</h1>
      <p className="text-slate-300">
        {kind === 'app'
          ? 'Enter the 6-digit code your authenticator app shows for FanGrid.'
          : 'Enter one of the backup codes you saved when you turned on two-factor. Each works once.'}
      </p>
      <Input
        key={kind}
        label={kind === 'app' ? '6-digit code' : 'Backup code'}
        autoComplete="one-time-code"
        inputMode={kind === 'app' ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={kind === 'app' ? 7 : 12}
        autoFocus
        {...form.field('code')}
      />
      <Button type="submit" size="lg" disabled={verify.isPending || !form.valid}>
        {verify.isPending ? 'Please wait...' : 'Verify and sign in'}
      </Button>
      <Button variant="ghost" onClick={() => setKind(kind === 'app' ? 'backup' : 'app')}>
        {kind === 'app' ? 'Use a backup code instead' : 'Use the code from my app'}
      </Button>
      <Button variant="ghost" onClick={onStartOver}>
        Back to login
      </Button>
    </form>
  );
}
