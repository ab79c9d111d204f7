import { ExternalLink, Link2, Medal, Star } from 'lucide-react';
import { type ComponentProps, type FormEvent, Fragment, type ReactNode, useRef, useState } from 'react';
import {
  type Achievement,
  createAchievementSchema,
  createGamingTrophySchema,
  type GamingTrophy,
  updateAchievementSchema,
} from '../../../../shared/contracts/fan-central';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { localIsoDate } from '../../../../shared/domain/gaming';
import {
  type AchievementRarity,
  achievementRarities,
  dateEarnedProblem,
  type GamingTrophyType,
  gamingPlatforms,
  gamingProfileMessages,
  gamingTrophyTypes,
  isSafeHttpUrl,
  gamingProfileLimits as limits,
  rarityLabel,
  trophyTypeLabel,
} from '../../../../shared/domain/gaming-profile';
import { RemoveButton } from '../../../components/remove-button';
import { TitledItem } from '../../../components/titled-item';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { messageOf, useSchemaForm } from '../../../lib/form';
import type { DataOwner } from '../../../lib/owner';
import { useGamingProfileMutations } from '../api';
import { type FieldsOf, FormInput, FormSelect } from './fields';
import { useListEditing } from './list-editing';
import { AddAndList } from './section';

const rarityStyle: Record<AchievementRarity, string> = {
  common: 'bg-slate-600 text-white',
  rare: 'bg-sky-700 text-white',
  epic: 'bg-purple-700 text-white',
  legendary: 'bg-amber-400 text-ink-950',
};
const trophyStyle: Record<GamingTrophyType, string> = {
  bronze: 'bg-orange-800 text-white',
  silver: 'bg-slate-300 text-ink-950',
  gold: 'bg-yellow-400 text-ink-950',
  platinum: 'bg-cyan-200 text-ink-950',
};
const platformOptions = gamingPlatforms.map((p) => ({ value: p, label: p }));

/** Date earned: the shared rule with today (where the fan is) as the latest day; shows its problem. */
function dateEarnedOk(form: { values: { dateEarned: string }; fail(fields: { dateEarned: string }): void }) {
  const date = dateEarnedProblem(form.values.dateEarned || null, localIsoDate(new Date()));
  if (date) form.fail({ dateEarned: date });
  return !date;
}

const details = (item: { game: string; platform: string; dateEarned: string | null }) =>
  [item.game, item.platform, item.dateEarned ? `Earned ${formatCalendarDay(item.dateEarned)}` : null]
    .filter(Boolean)
    .join(' · ');

type ItemField = 'platform' | 'dateEarned';

/** The small rounded label of an item's rarity or trophy type, in `className`'s colours. */
function Tag({ className, children }: { className: string; children: ReactNode }) {
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', className)}>{children}</span>;
}

/** How one listed item is removed: whether it is on its way out, and the action that removes it. */
type ItemRemoval = { removing: boolean; onRemove: () => void };

/**
 * One gaming list under its h3 (also the list's name): the add form (`editing`'s) starts with the game and the
 * item's name; an empty list says 'No <title> tracked yet'; each item is drawn by `children` with its own removal.
 */
function GamingList<T extends { id: string }>({
  icon: IconFor,
  title,
  editing: { form, submit, pending, removing },
  addLabel,
  nameLabel,
  fields,
  items,
  children: renderItem,
  ...list
}: Omit<
  ComponentProps<typeof AddAndList>,
  | 'className'
  | 'formLabel'
  | 'openLabel'
  | 'empty'
  | 'listLabel'
  | 'listClassName'
  | 'pending'
  | 'onSubmit'
  | 'children'
> & {
  icon: typeof Star;
  title: string;
  /** The add form's name, and its button's. */
  addLabel: string;
  editing: {
    form: FieldsOf<'game' | 'name'>;
    submit: (e: FormEvent) => void;
    pending: boolean;
    removing: { busy(id: string): boolean; remove(id: string): void };
  };
  nameLabel: string;
  items: T[];
  children: (item: T, removal: ItemRemoval) => ReactNode;
}) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-lg font-bold text-white">
        <IconFor aria-hidden="true" className="size-5 text-brand-400" /> {title}
      </h3>
      <AddAndList
        className="mt-3"
        fields={
          <>
            <FormInput form={form} name="game" label="Game" maxLength={limits.game} />
            <FormInput form={form} name="name" label={nameLabel} maxLength={limits.name} />
            {fields}
          </>
        }
        formLabel={addLabel}
        openLabel={addLabel}
        onSubmit={submit}
        pending={pending}
        empty={items.length === 0 ? `No ${title.toLowerCase()} tracked yet` : undefined}
        listLabel={title}
        listClassName="flex flex-col gap-3"
        {...list}
      >
        {items.map((item) => (
          <Fragment key={item.id}>
            {renderItem(item, { removing: removing.busy(item.id), onRemove: () => removing.remove(item.id) })}
          </Fragment>
        ))}
      </AddAndList>
    </div>
  );
}

function PlatformSelect({ form }: { form: FieldsOf<ItemField> }) {
  return (
    <FormSelect
      form={form}
      name="platform"
      label="Platform"
      placeholder="Choose a platform"
      options={platformOptions}
    />
  );
}

function DateEarnedInput({ form }: { form: FieldsOf<ItemField> }) {
  return (
    <FormInput
      form={form}
      name="dateEarned"
      type="date"
      label="Date earned (optional)"
      max={localIsoDate(new Date())}
      autoComplete={undefined}
    />
  );
}

const blankAchievement = {
  game: '',
  name: '',
  description: '',
  dateEarned: '',
  platform: '',
  rarity: 'common',
  trackingLink: '',
};

/** Achievements: rarity, platform and an inline-editable live tracking link (http(s) only). */
export function Achievements({ owner, achievements }: { owner: DataOwner; achievements: Achievement[] }) {
  const { addAchievement, removeAchievement } = useGamingProfileMutations(owner);
  const editing = useListEditing(
    createAchievementSchema,
    blankAchievement,
    { add: addAchievement, remove: removeAchievement },
    {
      item: 'achievement',
      added: (a) => ({ title: 'Achievement added', description: `${a.name} (${a.game})` }),
      check: dateEarnedOk,
    },
  );
  const { form } = editing;

  return (
    <GamingList
      icon={Star}
      title="Achievements"
      editing={editing}
      nameLabel="Achievement name"
      addLabel="Add an achievement"
      fields={
        <>
          <FormInput form={form} name="description" label="Description (optional)" maxLength={limits.description} />
          <div className="grid gap-3 sm:grid-cols-2">
            <PlatformSelect form={form} />
            <FormSelect
              form={form}
              name="rarity"
              label="Rarity"
              options={achievementRarities.map((r) => ({ value: r, label: rarityLabel(r) }))}
            />
          </div>
          <DateEarnedInput form={form} />
          <FormInput
            form={form}
            name="trackingLink"
            type="url"
            inputMode="url"
            label="Live tracking link (optional)"
            placeholder="https://"
            maxLength={limits.trackingLink}
          />
        </>
      }
      submitLabel="Add Achievement"
      items={achievements}
    >
      {(a, removal) => <AchievementItem owner={owner} achievement={a} {...removal} />}
    </GamingList>
  );
}

function AchievementItem({
  owner,
  achievement: a,
  removing,
  onRemove,
}: ItemRemoval & {
  owner: DataOwner;
  achievement: Achievement;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  return (
    <TitledItem
      className="min-w-0"
      title={a.name}
      meta={<p className="text-sm break-words text-slate-300">{details(a)}</p>}
      tag={<Tag className={rarityStyle[a.rarity]}>{rarityLabel(a.rarity)}</Tag>}
    >
      {a.description && <p className="mt-2 text-sm break-words text-slate-200">{a.description}</p>}
      {editing ? (
        <TrackingLinkForm
          owner={owner}
          achievement={a}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {a.trackingLink && isSafeHttpUrl(a.trackingLink) ? (
            <a
              href={a.trackingLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-9 min-w-0 items-center gap-1.5 text-sm font-semibold break-all text-brand-300 underline"
            >
              <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
              Live tracking<span className="sr-only"> for {a.name} (opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-sm text-slate-400">No tracking link</span>
          )}
          <Button ref={editButton} size="sm" variant="secondary" onClick={() => setEditing(true)}>
            <Link2 aria-hidden="true" className="size-4" />
            {a.trackingLink ? 'Edit link' : 'Add link'}
            <span className="sr-only"> for {a.name}</span>
          </Button>
          <RemoveButton name={a.name} onClick={onRemove} disabled={removing} />
        </div>
      )}
    </TitledItem>
  );
}

/** The tracking link, edited in place; 'Achievement Updated!' when saved. */
function TrackingLinkForm({
  owner,
  achievement,
  onDone,
}: {
  owner: DataOwner;
  achievement: Achievement;
  onDone: () => void;
}) {
  const { setTrackingLink } = useGamingProfileMutations(owner);
  const { toast } = useToast();
  const form = useSchemaForm(updateAchievementSchema, { trackingLink: achievement.trackingLink ?? '' });
  const save = (e: FormEvent) => {
    e.preventDefault();
    const change = form.validate();
    if (!change) return;
    setTrackingLink.mutate(
      { id: achievement.id, trackingLink: change.trackingLink },
      {
        onSuccess: () => {
          toast({ ...gamingProfileMessages.achievementUpdated, variant: 'success' });
          onDone();
        },
        onError: (err) => {
          form.showServerErrors(err);
          toast({ title: 'Could not save the link', description: messageOf(err), variant: 'error' });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={save} className="mt-3 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-56">
        <Input
          type="url"
          inputMode="url"
          label={`Tracking link for ${achievement.name}`}
          placeholder="https://"
          value={form.values.trackingLink}
          maxLength={limits.trackingLink}
          autoComplete="off"
          autoFocus
          onChange={(e) => form.set('trackingLink', e.target.value)}
          error={form.errors.trackingLink}
        />
      </div>
      <Button type="submit" size="md" disabled={setTrackingLink.isPending}>
        Save link
      </Button>
      <Button variant="ghost" onClick={onDone} disabled={setTrackingLink.isPending}>
        Cancel
      </Button>
    </form>
  );
}

const blankTrophy = { game: '', name: '', type: 'bronze', dateEarned: '', platform: '' };

/** Trophies: bronze, silver, gold or platinum, with game, platform and date earned. */
export function GamingTrophies({ owner, trophies }: { owner: DataOwner; trophies: GamingTrophy[] }) {
  const { addTrophy, removeTrophy } = useGamingProfileMutations(owner);
  const editing = useListEditing(
    createGamingTrophySchema,
    blankTrophy,
    { add: addTrophy, remove: removeTrophy },
    {
      item: 'trophy',
      added: (t) => ({ title: 'Trophy added', description: `${t.name} (${trophyTypeLabel(t.type)})` }),
      check: dateEarnedOk,
    },
  );
  const { form } = editing;

  return (
    <GamingList
      icon={Medal}
      title="Trophies"
      editing={editing}
      nameLabel="Trophy name"
      addLabel="Add a trophy"
      fields={
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormSelect
              form={form}
              name="type"
              label="Trophy type"
              options={gamingTrophyTypes.map((t) => ({ value: t, label: trophyTypeLabel(t) }))}
            />
            <PlatformSelect form={form} />
          </div>
          <DateEarnedInput form={form} />
        </>
      }
      submitLabel="Add Trophy"
      items={trophies}
    >
      {(t, removal) => <TrophyItem trophy={t} {...removal} />}
    </GamingList>
  );
}

function TrophyItem({ trophy: t, removing, onRemove }: ItemRemoval & { trophy: GamingTrophy }) {
  return (
    <li
      aria-label={t.name}
      className="flex min-w-0 flex-wrap items-start justify-between gap-2 rounded-xl border border-ink-700 bg-ink-900 p-4"
    >
      <div className="min-w-0">
        <p className="font-bold break-words text-white">{t.name}</p>
        <p className="text-sm break-words text-slate-300">{details(t)}</p>
      </div>
      <div className="flex items-center gap-2">
        <Tag className={trophyStyle[t.type]}>{trophyTypeLabel(t.type)}</Tag>
        <RemoveButton iconOnly name={t.name} disabled={removing} onClick={onRemove} />
      </div>
    </li>
  );
}
