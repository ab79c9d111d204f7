import { Pencil } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { type FanProfile, fanCardSchema } from '../../../../shared/contracts/fan-central';
import { nicknameCode } from '../../../../shared/domain/boards';
import { fanProfileLimits } from '../../../../shared/domain/fan-profile';
import { Button } from '../../../components/ui/button';
import { Detail } from '../../../components/ui/details-list';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { messageOf, useSchemaForm } from '../../../lib/form';
import type { DataOwner } from '../../../lib/owner';
import { useFanProfileMutations } from '../api';
import { FanSection } from './section';

type CardField = 'name' | 'favoriteMascot' | 'favoriteCollege';
const valuesOf = (p: FanProfile): Record<CardField, string> => ({
  name: p.name ?? '',
  favoriteMascot: p.favoriteMascot ?? '',
  favoriteCollege: p.favoriteCollege ?? '',
});

/** Profile card: view and edit modes (Edit, Save, Cancel; Cancel restores the saved values). */
export function ProfileCard({ owner, profile }: { owner: DataOwner; profile: FanProfile }) {
  const { saveCard } = useFanProfileMutations(owner);
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm(fanCardSchema, valuesOf(profile));
  const editButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const edit = () => {
    form.reset(valuesOf(profile));
    setEditing(true);
    requestAnimationFrame(() => nameInput.current?.focus());
  };
  const leave = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const cancel = () => {
    form.reset(valuesOf(profile));
    leave();
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const card = form.validate();
    if (!card) return;
    saveCard.mutate(card, {
      onSuccess: () => {
        leave();
        toast({ title: 'Profile saved', description: 'Your fan profile has been updated.', variant: 'success' });
      },
      onError: (err) => {
        form.showServerErrors(err);
        toast({ title: 'Could not save your profile', description: messageOf(err), variant: 'error' });
      },
    });
  };

  return (
    <FanSection
      id="profile"
      title="Profile"
      actions={
        !editing && (
          <Button ref={editButton} size="sm" variant="outline" onClick={edit}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit<span className="sr-only"> profile</span>
          </Button>
        )
      }
    >
      <div className="flex items-start gap-4">
        <div
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-500 text-xl font-black text-ink-950"
        >
          {profile.name ? nicknameCode(profile.name) : '?'}
        </div>
        {editing ? (
          <form noValidate onSubmit={save} aria-label="Edit profile" className="flex min-w-0 flex-1 flex-col gap-3">
            <Input
              ref={nameInput}
              label="Name"
              value={form.values.name}
              maxLength={fanProfileLimits.name}
              autoComplete="nickname"
              onChange={(e) => form.set('name', e.target.value)}
              error={form.errors.name}
            />
            <Input
              label="Favorite mascot"
              value={form.values.favoriteMascot}
              maxLength={fanProfileLimits.favoriteMascot}
              autoComplete="off"
              onChange={(e) => form.set('favoriteMascot', e.target.value)}
              error={form.errors.favoriteMascot}
            />
            <Input
              label="Favorite college"
              value={form.values.favoriteCollege}
              maxLength={fanProfileLimits.favoriteCollege}
              autoComplete="off"
              onChange={(e) => form.set('favoriteCollege', e.target.value)}
              error={form.errors.favoriteCollege}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={saveCard.isPending}>
                {saveCard.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button variant="ghost" onClick={cancel} disabled={saveCard.isPending}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid min-w-0 flex-1 gap-3 sm:grid-cols-3">
            <Detail term="Name" value={profile.name} />
            <Detail term="Favorite mascot" value={profile.favoriteMascot} />
            <Detail term="Favorite college" value={profile.favoriteCollege} />
          </dl>
        )}
      </div>
    </FanSection>
  );
}
