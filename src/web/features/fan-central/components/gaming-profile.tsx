import { useQuery } from '@tanstack/react-query';
import { Download, Gamepad2, Pencil } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  fanCentralErrorCodes,
  type GamingProfile,
  gamingHandlesSchema,
} from '../../../../shared/contracts/fan-central';
import {
  type ConsoleHandleKey,
  consoleHandleKeys,
  gamingProfileMessages,
  handleRules,
} from '../../../../shared/domain/gaming-profile';
import { paths } from '../../../app/paths';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { StreamLinks } from '../../../components/stream-links';
import { Button } from '../../../components/ui/button';
import { Detail } from '../../../components/ui/details-list';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { messageOf, useSchemaForm } from '../../../lib/form';
import type { DataOwner } from '../../../lib/owner';
import { gamingPageProfileQuery, gamingProfileQuery, useGamingProfileMutations } from '../api';
import { Achievements, GamingTrophies } from './gaming-lists';
import { FanSection } from './section';

const valuesOf = (p: GamingProfile): Record<ConsoleHandleKey, string> => ({
  psnHandle: p.psnHandle ?? '',
  xboxHandle: p.xboxHandle ?? '',
  steamHandle: p.steamHandle ?? '',
  epicHandle: p.epicHandle ?? '',
});

/**
 * Gaming profiles: console handles with their own edit mode, the copy from the gaming page
 * profile, stream links from its handles, achievements and trophies.
 */
export function GamingProfileSection({ owner }: { owner: DataOwner }) {
  const profile = useQuery(gamingProfileQuery(owner));
  const page = useQuery(gamingPageProfileQuery(owner));
  return (
    <FanSection
      id="gaming-profile"
      title="Gaming Profile"
      icon={<Gamepad2 aria-hidden="true" className="size-6 text-brand-400" />}
    >
      {profile.isError ? (
        <LoadFailed message="We couldn't load your gaming profile." onRetry={() => void profile.refetch()} />
      ) : !profile.data ? (
        <Skeleton className="h-40" />
      ) : (
        <div className="flex flex-col gap-8">
          <Handles owner={owner} profile={profile.data} />
          <div>
            <h3 className="text-lg font-bold text-white">Stream links</h3>
            <div className="mt-2">
              {page.data ? (
                <StreamLinks
                  handles={page.data}
                  label="Your channels"
                  empty={
                    <p className="text-sm text-slate-300">
                      Add your Twitch, YouTube, TikTok or Instagram handle to your{' '}
                      <Link
                        to={`${paths.gaming}#gaming-page-profile`}
                        className="font-semibold text-brand-300 underline"
                      >
                        Gaming Page profile
                      </Link>{' '}
                      to link your channels here.
                    </p>
                  }
                />
              ) : page.isError ? (
                <p className="text-sm text-slate-300">We couldn't load your channels.</p>
              ) : (
                <Skeleton className="h-11" />
              )}
            </div>
          </div>
          <Achievements owner={owner} achievements={profile.data.achievements} />
          <GamingTrophies owner={owner} trophies={profile.data.trophies} />
        </div>
      )}
    </FanSection>
  );
}

function Handles({ owner, profile }: { owner: DataOwner; profile: GamingProfile }) {
  const { saveHandles, importFromPage } = useGamingProfileMutations(owner);
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm(gamingHandlesSchema, valuesOf(profile));
  const editButton = useRef<HTMLButtonElement>(null);
  const firstInput = useRef<HTMLInputElement>(null);

  const leave = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const handles = form.validate();
    if (!handles) return;
    saveHandles.mutate(handles, {
      onSuccess: () => {
        leave();
        toast({ ...gamingProfileMessages.updated, variant: 'success' });
      },
      onError: (err) => {
        form.showServerErrors(err);
        toast({ title: 'Could not save your gaming profile', description: messageOf(err), variant: 'error' });
      },
    });
  };
  const copy = () =>
    importFromPage.mutate(undefined, {
      onSuccess: () => toast({ ...gamingProfileMessages.copied, variant: 'success' }),
      onError: (err) =>
        toast(
          err instanceof ApiClientError && err.code === fanCentralErrorCodes.noPageProfile
            ? { ...gamingProfileMessages.noPageProfile, variant: 'error' }
            : { title: 'Could not copy your handles', description: messageOf(err), variant: 'error' },
        ),
    });

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-white">Console handles</h3>
        {!editing && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={copy} disabled={importFromPage.isPending}>
              <Download aria-hidden="true" className="size-4" />
              {importFromPage.isPending ? 'Copying...' : 'Import from Gaming Page'}
            </Button>
            <Button
              ref={editButton}
              size="sm"
              variant="outline"
              onClick={() => {
                form.reset(valuesOf(profile));
                setEditing(true);
                requestAnimationFrame(() => firstInput.current?.focus());
              }}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit<span className="sr-only"> gaming handles</span>
            </Button>
          </div>
        )}
      </div>
      {editing ? (
        <form noValidate onSubmit={save} aria-label="Edit gaming handles" className="mt-3 flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            {consoleHandleKeys.map((key, n) => (
              <Input
                key={key}
                ref={n === 0 ? firstInput : undefined}
                label={handleRules[key].label}
                placeholder={handleRules[key].placeholder}
                value={form.values[key]}
                maxLength={handleRules[key].max + 1}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                onChange={(e) => form.set(key, e.target.value)}
                error={form.errors[key]}
              />
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saveHandles.isPending}>
              {saveHandles.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button
              variant="ghost"
              disabled={saveHandles.isPending}
              onClick={() => {
                form.reset(valuesOf(profile));
                leave();
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {consoleHandleKeys.map((key) => (
            <Detail key={key} term={handleRules[key].label} value={profile[key]} />
          ))}
        </dl>
      )}
    </div>
  );
}
