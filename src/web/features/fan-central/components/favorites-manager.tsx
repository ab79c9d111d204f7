import { Plus, X } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import type { FanProfile } from '../../../../shared/contracts/fan-central';
import {
  type FavoriteList,
  fanProfileLimits,
  fanProfileMessages,
  favoriteKey,
  favoriteListInfo,
  favoriteLists,
  isGolf,
} from '../../../../shared/domain/fan-profile';
import { OnDemandForm } from '../../../components/on-demand-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import type { DataOwner } from '../../../lib/owner';
import { useFanProfileMutations } from '../api';
import { FanSection } from './section';

/** Favorites manager: sports, teams and stars. */
export function FavoritesManager({ owner, profile }: { owner: DataOwner; profile: FanProfile }) {
  return (
    <FanSection id="favorites" title="Favorites">
      <div className="grid gap-6 md:grid-cols-3">
        {favoriteLists.map((list) => (
          <FavoriteListEditor key={list} owner={owner} list={list} values={profile[list]} />
        ))}
      </div>
    </FanSection>
  );
}

/** Enter or the plus button adds; empty entries and duplicates (any case) are ignored; 'golf' gets its message. */
function FavoriteListEditor({ owner, list, values }: { owner: DataOwner; list: FavoriteList; values: string[] }) {
  const info = favoriteListInfo[list];
  const { addFavorite, removeFavorite } = useFanProfileMutations(owner);
  const { toast } = useToast();
  // A duplicate (any case) is told in the note under the field.
  const rules = useMemo(
    () =>
      formRules(({ value }: { value: string }) => ({
        value: values.some((v) => favoriteKey(v) === favoriteKey(value.trim()))
          ? fanProfileMessages.favoriteDuplicate(value.trim(), list)
          : undefined,
      })),
    [values, list],
  );
  const form = useSchemaForm(rules, { value: '' });
  const { value } = form.values;
  const [note, setNote] = useState<string>();

  const add = (e: FormEvent) => {
    e.preventDefault();
    const entry = value.trim();
    if (!entry) return;
    const checked = form.check();
    if (!checked.ok) {
      setNote(checked.fields.value);
      return;
    }
    addFavorite.mutate(
      { list, value: entry },
      {
        onSuccess: (res) => {
          form.reset();
          if (res.added && isGolf(list, entry)) {
            const { title, description, durationMs } = fanProfileMessages.golf;
            toast({ title, description, durationMs });
          }
        },
        onError: (err) =>
          toast({ title: `Could not add to ${info.noun}`, description: messageOf(err), variant: 'error' }),
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <h3 className="text-lg font-bold text-white">{info.title}</h3>
      {values.length === 0 ? (
        <p className="text-sm text-slate-400">No {info.noun} yet</p>
      ) : (
        <ul aria-label={info.title} className="flex flex-wrap gap-2">
          {values.map((v) => (
            <li
              key={v}
              className="flex max-w-full min-w-0 items-center gap-1 rounded-full border border-ink-600 bg-ink-900 py-1 pr-1 pl-3 text-sm text-white"
            >
              <span className="min-w-0 truncate">{v}</span>
              <button
                type="button"
                aria-label={`Remove ${v} from ${info.noun}`}
                disabled={removeFavorite.isPending}
                onClick={() =>
                  removeFavorite.mutate(
                    { list, value: v },
                    {
                      onError: (err) =>
                        toast({ title: `Could not remove ${v}`, description: messageOf(err), variant: 'error' }),
                    },
                  )
                }
                className="flex size-8 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-ink-700 hover:text-white"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <OnDemandForm openLabel={`Add to ${info.title}`}>
        {(close) => (
          <form noValidate onSubmit={add} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-40">
              <Input
                label={`Add a ${info.one}`}
                placeholder={`e.g. ${info.example}`}
                value={value}
                maxLength={fanProfileLimits.favorite}
                autoComplete="off"
                onChange={(e) => {
                  form.set('value', e.target.value);
                  setNote(undefined);
                }}
              />
            </div>
            <Button type="submit" size="icon" aria-label={`Add ${info.one}`} disabled={addFavorite.isPending}>
              <Plus aria-hidden="true" className="size-5" />
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setNote(undefined);
                close();
              }}
            >
              Cancel
            </Button>
          </form>
        )}
      </OnDemandForm>
      <p role="status" className="min-h-5 text-sm text-amber-200">
        {note}
      </p>
    </div>
  );
}
