import { Award, Smile, Trophy } from 'lucide-react';
import { createTrophyItemSchema, type FanProfile, type TrophyItem } from '../../../../shared/contracts/fan-central';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { fanProfileLimits, trophyItemTypeLabels, trophyItemTypes } from '../../../../shared/domain/fan-profile';
import { RemoveButton } from '../../../components/remove-button';
import type { DataOwner } from '../../../lib/owner';
import { useFanProfileMutations } from '../api';
import { FormInput, FormSelect } from './fields';
import { useListEditing } from './list-editing';
import { AddAndList, FanSection } from './section';

const typeIcons = { logo: Award, bobblehead: Smile, trophy: Trophy } as const;
const blank = { type: 'logo', name: '', team: '' };

/** Trophy case: logos, bobbleheads and trophies; name and team required, type defaults to logo. */
export function TrophyCase({ owner, profile }: { owner: DataOwner; profile: FanProfile }) {
  const { addTrophy, removeTrophy } = useFanProfileMutations(owner);
  const { form, submit, pending, removing } = useListEditing(
    createTrophyItemSchema,
    blank,
    { add: addTrophy, remove: removeTrophy },
    {
      item: 'item',
      added: (t) => ({ title: 'Added to your trophy case', description: `${t.name} (${t.team})` }),
    },
  );

  return (
    <FanSection id="trophy-case" title="Trophy Case" icon={Trophy}>
      <AddAndList
        formLabel="Add to trophy case"
        openLabel="Add an item to your trophy case"
        onSubmit={submit}
        fields={
          <>
            <FormSelect
              form={form}
              name="type"
              label="Type"
              options={trophyItemTypes.map((t) => ({ value: t, label: trophyItemTypeLabels[t] }))}
            />
            <FormInput form={form} name="name" label="Item name" maxLength={fanProfileLimits.trophyName} />
            <FormInput form={form} name="team" label="Team" maxLength={fanProfileLimits.trophyTeam} />
          </>
        }
        pending={pending}
        submitLabel="Add to Trophy Case"
        empty={profile.trophyCase.length === 0 ? 'Your trophy case is empty' : undefined}
        listLabel="Trophy case items"
        listClassName="grid gap-3 sm:grid-cols-2"
      >
        {profile.trophyCase.map((item) => (
          <TrophyCard
            key={item.id}
            item={item}
            busy={removing.busy(item.id)}
            onRemove={() => removing.remove(item.id)}
          />
        ))}
      </AddAndList>
    </FanSection>
  );
}

function TrophyCard({ item, busy, onRemove }: { item: TrophyItem; busy: boolean; onRemove: () => void }) {
  const IconFor = typeIcons[item.type];
  return (
    <li aria-label={item.name} className="flex min-w-0 gap-3 rounded-xl border border-ink-700 bg-ink-900 p-3">
      <IconFor aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-400" />
      <div className="min-w-0 flex-1">
        <p className="font-bold break-words text-white">{item.name}</p>
        <p className="text-sm break-words text-slate-300">
          {trophyItemTypeLabels[item.type]} · {item.team}
        </p>
        <p className="text-xs text-slate-400">Added {formatCalendarDay(item.dateAdded.slice(0, 10))}</p>
      </div>
      <RemoveButton iconOnly name={item.name} onClick={onRemove} disabled={busy} className="shrink-0" />
    </li>
  );
}
