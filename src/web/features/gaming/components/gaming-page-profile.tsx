import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { type GamingPageProfile, gamingPageProfileInputSchema } from '../../../../shared/contracts/fan-central';
import {
  consoleHandleKeys,
  gamingProfileLimits,
  type HandleKey,
  handleRules,
  streamHandleKeys,
} from '../../../../shared/domain/gaming-profile';
import { paths } from '../../../app/paths';
import { DataOwnerGate } from '../../../components/data-owner-gate';
import { EditButton, SaveOrCancel, useEditMode } from '../../../components/edit-mode';
import { useFormSubmit } from '../../../components/form-submit';
import { HandleInput } from '../../../components/handle-input';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { StreamLinks } from '../../../components/stream-links';
import { Detail } from '../../../components/ui/details-list';
import { Input } from '../../../components/ui/input';
import { useSchemaForm } from '../../../lib/form';
import type { DataOwner } from '../../../lib/owner';
import { gamingPageProfileQuery, useSaveGamingPageProfile } from '../gaming-page-profile';

type Field = 'playerName' | HandleKey;
const valuesOf = (p: GamingPageProfile): Record<Field, string> => ({
  playerName: p.playerName ?? '',
  ...(Object.fromEntries([...consoleHandleKeys, ...streamHandleKeys].map((k) => [k, p[k] ?? ''])) as Record<
    HandleKey,
    string
  >),
});

/**
 * Gaming page profile: the player name and handles (consoles and streaming sites) shown on the
 * gaming hub. Fan Central's gaming profile imports its console handles from here and links the channels.
 */
export function GamingPageProfileSection() {
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  // Fan Central links here (/gaming#gaming-page-profile); the hub renders late, so scroll once it is here.
  useEffect(() => {
    if (hash === '#gaming-page-profile') ref.current?.scrollIntoView();
  }, [hash]);
  return (
    <section
      ref={ref}
      id="gaming-page-profile"
      aria-labelledby="gaming-page-profile-heading"
      className="scroll-mt-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      <h2 id="gaming-page-profile-heading" className="flex items-center gap-2 text-2xl font-black text-white">
        <UserRound aria-hidden="true" className="size-6 text-brand-400" /> Gaming Page Profile
      </h2>
      <p className="mt-1 text-slate-300">
        Your player name and handles. Fan Central can import your console handles from here.
      </p>
      <DataOwnerGate failedClassName="mt-4" loading={<Skeleton className="mt-4 h-32" />}>
        {(owner) => <PageProfile owner={owner} />}
      </DataOwnerGate>
    </section>
  );
}

function PageProfile({ owner }: { owner: DataOwner }) {
  const profile = useQuery(gamingPageProfileQuery(owner));
  if (profile.isError) {
    return (
      <div className="mt-4">
        <LoadFailed message="We couldn't load your gaming page profile." onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  if (!profile.data) return <Skeleton className="mt-4 h-32" />;
  return <PageProfileCard owner={owner} profile={profile.data} />;
}

function PageProfileCard({ owner, profile }: { owner: DataOwner; profile: GamingPageProfile }) {
  const save = useSaveGamingPageProfile(owner);
  const form = useSchemaForm(gamingPageProfileInputSchema, valuesOf(profile));
  const { editing, editButton, firstInput, edit, leave, cancel } = useEditMode(() => form.reset(valuesOf(profile)));
  const submit = useFormSubmit(form, save, {
    done: leave,
    success: () => ({
      title: 'Gaming Page Profile saved',
      description: 'Your player name and handles are up to date.',
    }),
    failed: 'Could not save your gaming page profile',
  });

  const handleInput = (key: HandleKey) => <HandleInput key={key} handle={key} {...form.field(key)} />;

  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-slate-300">
        {owner.kind === 'account' ? (
          'Saved to your FanGrid account.'
        ) : (
          <>
            Saved in this browser only.{' '}
            <Link to={paths.login} className="font-semibold text-brand-300 underline">
              Sign in to keep it in your account
            </Link>
          </>
        )}
      </p>
      {editing ? (
        <form noValidate onSubmit={submit} aria-label="Edit gaming page profile" className="flex flex-col gap-4">
          <Input
            ref={firstInput}
            label="Player name"
            maxLength={gamingProfileLimits.playerName}
            autoComplete="nickname"
            {...form.field('playerName')}
          />
          <fieldset className="min-w-0">
            <legend className="text-sm font-bold text-white">Consoles and stores</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">{consoleHandleKeys.map(handleInput)}</div>
          </fieldset>
          <fieldset className="min-w-0">
            <legend className="text-sm font-bold text-white">Streaming and social</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">{streamHandleKeys.map(handleInput)}</div>
          </fieldset>
          <SaveOrCancel pending={save.isPending} onCancel={cancel} />
        </form>
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Detail term="Player name" value={profile.playerName} />
            {[...consoleHandleKeys, ...streamHandleKeys].map((key) => (
              <Detail key={key} term={handleRules[key].label} value={profile[key]} />
            ))}
          </dl>
          <StreamLinks handles={profile} label="Your channels" />
          <EditButton ref={editButton} className="self-start" onClick={edit} what="gaming page profile" />
        </>
      )}
    </div>
  );
}
