import { Link } from 'react-router';
import {
  clampNickname,
  NICKNAME_MAX,
  nicknameCodeMessages,
  nicknameGetsRandomCode,
} from '../../../../shared/domain/boards';
import { paths } from '../../../app/paths';
import { Input } from '../../../components/ui/input';
import type { EntryForm } from '../use-entry-form';

/**
 * The phone and nickname every board entry asks for (nickname cut off at 7 as typed), with each
 * field's refusal (the form's own check as the fan types, or the server's `fields`) shown on it. A
 * nickname too short for its own code says so before the entry is sent.
 */
export function PhoneAndNickname({ form }: { form: EntryForm }) {
  return (
    <>
      <Input
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={form.values.phone}
        onChange={(e) => form.set('phone', e.target.value)}
        error={form.errors.phone}
      />
      <Input
        label="Nickname"
        hint={
          nicknameGetsRandomCode(form.values.nickname)
            ? nicknameCodeMessages.short
            : `Up to ${NICKNAME_MAX} characters; your 3-letter code comes from it.`
        }
        value={form.values.nickname}
        onChange={(e) => form.set('nickname', clampNickname(e.target.value))}
        error={form.errors.nickname}
      />
    </>
  );
}

/** A full board's pointer to the next board for the same game (from the refusal, or the board itself). */
export function NextBoardAlert({ slug }: { slug: string | null | undefined }) {
  if (!slug) return null;
  return (
    <p role="alert" className="text-sm text-amber-200">
      Board full.{' '}
      <Link to={`${paths.boards}/${slug}`} className="font-semibold underline">
        Join the next board for this game
      </Link>
    </p>
  );
}
