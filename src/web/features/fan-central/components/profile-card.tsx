import { type FanProfile, fanCardKeys, fanCardSchema } from '../../../../shared/contracts/fan-central';
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

type CardField = (typeof fanCardKeys)[number];
const valuesOf = (p: FanProfile) =>
  Object.fromEntries(fanCardKeys.map((key) => [key, p[key] ?? ''])) as Record<CardField, string>;

/** The card's fields, as the view names them and the edit form takes them. */
const cardFields: Record<CardField, { label: string; maxLength: number; autoComplete?: string }> = {
  name: { label: 'Name', maxLength: fanProfileLimits.name, autoComplete: 'nickname' },
  favoriteMascot: { label: 'Favorite mascot', maxLength: fanProfileLimits.favoriteMascot },
  favoriteCollege: { label: 'Favorite college', maxLength: fanProfileLimits.favoriteCollege },
};

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
            <FormInput form={form} name="name" ref={firstInput} {...cardFields.name} />
            <FormInput form={form} name="favoriteMascot" {...cardFields.favoriteMascot} />
            <FormInput form={form} name="favoriteCollege" {...cardFields.favoriteCollege} />
            <SaveOrCancel pending={saveCard.isPending} onCancel={cancel} />
          </form>
        ) : (
          <dl className="grid min-w-0 flex-1 gap-3 sm:grid-cols-3">
            <Detail term={cardFields.name.label} value={profile.name} />
            <Detail term={cardFields.favoriteMascot.label} value={profile.favoriteMascot} />
            <Detail term={cardFields.favoriteCollege.label} value={profile.favoriteCollege} />
          </dl>
        )}
      </div>
    </FanSection>
  );
}
