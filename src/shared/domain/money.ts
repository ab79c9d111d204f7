/** Money is integer cents everywhere; these helpers format it at the edge. */
export function formatCents(cents: number, opts: { whole?: boolean } = {}): string {
  const whole = opts.whole ?? cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

export function formatCentsRange(minCents: number, maxCents: number): string {
  if (minCents === maxCents) return formatCents(minCents);
  return `${formatCents(minCents)}-${formatCents(maxCents)}`;
}
