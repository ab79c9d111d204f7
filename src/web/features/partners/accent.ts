import type { PartnerDefinition } from '../../../shared/domain/partners';

/** Each partner's colour as design-system classes (static strings, so Tailwind keeps them). */
export const accentClasses: Record<
  PartnerDefinition['color']['accent'],
  { band: string; border: string; text: string }
> = {
  blue: { band: 'bg-blue-600', border: 'border-blue-500/60', text: 'text-blue-300' },
  green: { band: 'bg-green-700', border: 'border-green-500/60', text: 'text-green-300' },
  purple: { band: 'bg-purple-600', border: 'border-purple-500/60', text: 'text-purple-300' },
};
