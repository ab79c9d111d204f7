import { CircleCheck, Gamepad2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  cleanPortalForm,
  PORTAL_FIELD_MAX,
  type PortalFormData,
  prettifyTeamSlug,
} from '../../../../shared/domain/finals';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { noRules, useSchemaForm } from '../../../lib/form';

const fields: ReadonlyArray<{ key: keyof PortalFormData; label: string; placeholder: string }> = [
  { key: 'teamSupport', label: 'Team support', placeholder: 'Who or what you are playing for' },
  { key: 'organization', label: 'Organization', placeholder: 'School, club or charity' },
  { key: 'referralCode', label: 'Referral code', placeholder: 'From a friend or partner' },
  { key: 'gameCode', label: 'Game code', placeholder: 'From your game board' },
];

const empty: PortalFormData = { teamSupport: '', organization: '', referralCode: '', gameCode: '' };

/**
 * Game player portal (/game-player/:teamSlug): the prettified team name, 'Ready to Join', and a
 * form whose 'Join Game' opens /game-info with the form data and the team slug as navigation state.
 */
export function GamePlayerPage() {
  const { teamSlug } = useParams();
  const navigate = useNavigate();
  const { values, field } = useSchemaForm(noRules, empty);
  const teamName = teamSlug ? prettifyTeamSlug(teamSlug) : '';
  const heading = teamName || 'Your team';

  const join = (e: FormEvent) => {
    e.preventDefault();
    navigate(paths.gameInfo, {
      state: { formData: cleanPortalForm(values), ...(teamSlug ? { teamName: teamSlug } : {}) },
    });
  };

  return (
    <Page title={`${heading} · Game player portal`} className="flex max-w-3xl flex-col gap-8">
      <BackLink to={`${paths.finalsPlayer}/1`}>Back to Game Preview</BackLink>
      <header className="flex flex-col gap-3">
        <p className="inline-flex items-center gap-2 text-sm font-bold tracking-wide text-brand-300 uppercase">
          <Gamepad2 aria-hidden="true" className="size-5" /> Game player portal
        </p>
        <h1 className="text-3xl font-black break-words text-white sm:text-5xl">{heading}</h1>
        <p className="flex items-center gap-2 text-slate-200">
          <span className="text-slate-300">Status:</span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-court-500 px-3 py-1 text-sm font-bold text-ink-950">
            <CircleCheck aria-hidden="true" className="size-4" /> Ready to Join
          </span>
        </p>
      </header>

      <form
        onSubmit={join}
        aria-labelledby="portal-form-heading"
        className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
      >
        <h2 id="portal-form-heading" className="text-lg font-bold text-white">
          Your game details
        </h2>
        <p className="text-sm text-slate-300">
          Every field is optional (up to {PORTAL_FIELD_MAX} characters each). You choose your amount on the next screen.
        </p>
        {fields.map((f) => (
          <Input
            key={f.key}
            label={f.label}
            name={f.key}
            placeholder={f.placeholder}
            maxLength={PORTAL_FIELD_MAX}
            autoComplete="off"
            {...field(f.key)}
          />
        ))}
        <Button type="submit" size="lg">
          Join Game
        </Button>
      </form>
    </Page>
  );
}
