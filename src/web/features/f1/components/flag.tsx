import { flagCountryName } from '../../../../shared/domain/flags';

/** A flag emoji with its country as the accessible name (or hidden when it only repeats nearby text). */
export function Flag({ flag, decorative = false }: { flag: string; decorative?: boolean }) {
  const country = flagCountryName(flag);
  if (decorative || !country) return <span aria-hidden="true">{flag}</span>;
  return (
    <span role="img" aria-label={`${country} flag`}>
      {flag}
    </span>
  );
}
