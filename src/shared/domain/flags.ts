const regionIndicatorA = 0x1f1e6;
const tagA = 0xe0061;
const subdivisions: Record<string, string> = { gbeng: 'England', gbsct: 'Scotland', gbwls: 'Wales' };

let regionNames: Intl.DisplayNames | undefined;

/**
 * The country a flag emoji stands for ('🇦🇺' is 'Australia', England's tag sequence is 'England'), so a
 * flag shown as an emoji can carry a text label for screen readers. Undefined for anything else.
 */
export function flagCountryName(flag: string): string | undefined {
  const points = [...flag].map((c) => c.codePointAt(0) ?? 0);
  if (points.length === 2 && points.every((p) => p >= regionIndicatorA && p < regionIndicatorA + 26)) {
    const code = String.fromCharCode(...points.map((p) => p - regionIndicatorA + 65));
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    try {
      const name = regionNames.of(code);
      return name && name !== code ? name : undefined;
    } catch {
      return undefined;
    }
  }
  if (points[0] === 0x1f3f4 && points.at(-1) === 0xe007f) {
    const tag = String.fromCharCode(...points.slice(1, -1).map((p) => p - tagA + 97));
    return subdivisions[tag];
  }
  return undefined;
}
