import { useQuery } from '@tanstack/react-query';
import { Download, Gamepad2 } from 'lucide-react';
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
import { EditButton, SaveOrCancel, useEditMode } from '../../../components/edit-mode';
import { useFormSubmit } from '../../../components/form-submit';
import { HandleInput } from '../../../components/handle-input';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { StreamLinks } from '../../../components/stream-links';
import { Button } from '../../../components/ui/button';
import { Detail } from '../../../components/ui/details-list';
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
    <FanSection id="gaming-profile" title="Gaming Profile" icon={Gamepad2}>
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
  const form = useSchemaForm(gamingHandlesSchema, valuesOf(profile));
  const { editing, editButton, firstInput, edit, leave, cancel } = useEditMode(() => form.reset(valuesOf(profile)));
  const save = useFormSubmit(form, saveHandles, {
    done: leave,
    success: () => gamingProfileMessages.updated,
    failed: 'Could not save your gaming profile',
  });
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
            <EditButton ref={editButton} size="sm" onClick={edit} what="gaming handles" />
          </div>
        )}
      </div>
      {editing ? (
        <form noValidate onSubmit={save} aria-label="Edit gaming handles" className="mt-3 flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            {consoleHandleKeys.map((key, n) => (
              <HandleInput
                key={key}
                handle={key}
                ref={n === 0 ? firstInput : undefined}
                value={form.values[key]}
                onChange={(e) => form.set(key, e.target.value)}
                error={form.errors[key]}
              />
            ))}
          </div>
          <SaveOrCancel pending={saveHandles.isPending} onCancel={cancel} />
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
