import { Link } from 'react-router';
import { clampNickname, NICKNAME_MAX } from '../../../../shared/domain/boards';
import { paths } from '../../../app/paths';
import { Input } from '../../../components/ui/input';

/**
 * The phone and nickname every board entry asks for (nickname cut off at 7 as typed), with each
 * field's refusal (the form's own check, or the server's `fields`) shown on it.
 */
export function PhoneAndNickname(props: {
  phone: string;
  onPhone: (v: string) => void;
  nickname: string;
  onNickname: (v: string) => void;
  errors?: { phone?: string | undefined; nickname?: string | undefined };
}) {
  return (
    <>
      <Input
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={props.phone}
        onChange={(e) => props.onPhone(e.target.value)}
        error={props.errors?.phone}
      />
      <Input
        label="Nickname"
        hint={`Up to ${NICKNAME_MAX} characters; your 3-letter code comes from it.`}
        value={props.nickname}
        onChange={(e) => props.onNickname(clampNickname(e.target.value))}
        error={props.errors?.nickname}
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
