import { type FanProfile, fanCardSchema } from '../../../../shared/contracts/fan-central';
import { nicknameCode } from '../../../../shared/domain/boards';
import { fanProfileLimits } from '../../../../shared/domain/fan-profile';
import { EditButton, SaveOrCancel, useEditMode } from '../../../components/edit-mode';
import { useFormSubmit } from '../../../components/form-submit';
import { Detail } from '../../../components/ui/details-list';
import { useSchemaForm } from '../../../lib/form';
import type { DataOwner } from '../../../lib/owner';
import { useFanProfileMutations } from '../api';
import { FormInput } from './fields';
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
  const form = useSchemaForm(fanCardSchema, valuesOf(profile));
  const { editing, editButton, firstInput, edit, leave, cancel } = useEditMode(() => form.reset(valuesOf(profile)));
  const save = useFormSubmit(form, saveCard, {
    done: leave,
    success: () => ({ title: 'Profile saved', description: 'Your fan profile has been updated.' }),
    failed: 'Could not save your profile',
  });

  return (
    <FanSection
      id="profile"
      title="Profile"
      actions={!editing && <EditButton ref={editButton} size="sm" onClick={edit} what="profile" />}
    >
      <div className="flex items-start gap-4">
        <div
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-500 text-xl font-black text-ink-950"
        >
          {nicknameCode(profile.name ?? '') || '?'}
        </div>
        {editing ? (
          <form noValidate onSubmit={save} aria-label="Edit profile" className="flex min-w-0 flex-1 flex-col gap-3">
            <FormInput
              form={form}
              name="name"
              ref={firstInput}
              label="Name"
              maxLength={fanProfileLimits.name}
              autoComplete="nickname"
            />
            <FormInput
              form={form}
              name="favoriteMascot"
              label="Favorite mascot"
              maxLength={fanProfileLimits.favoriteMascot}
            />
            <FormInput
              form={form}
              name="favoriteCollege"
              label="Favorite college"
              maxLength={fanProfileLimits.favoriteCollege}
            />
            <SaveOrCancel pending={saveCard.isPending} onCancel={cancel} />
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
