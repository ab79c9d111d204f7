/** Cart item: id, name, price. Prices are integer cents. */
export interface CartItem {
  id: string;
  name: string;
  priceCents: number;
}

export function cartTotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.priceCents, 0);
}

/** Adds an item as a new line; each line gets its own id so identical tickets can be removed one at a time. */
export function addToCart(items: readonly CartItem[], item: Omit<CartItem, 'id'>, id: string): CartItem[] {
  return [...items, { ...item, id }];
}

export function removeFromCart(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((item) => item.id !== id);
}

/** Accepts only a well-formed saved cart; anything else reads as empty. */
export function parseSavedCart(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is CartItem =>
      typeof v === 'object' &&
      v !== null &&
      typeof v.id === 'string' &&
      typeof v.name === 'string' &&
      Number.isInteger(v.priceCents) &&
      v.priceCents >= 0,
  );
}
