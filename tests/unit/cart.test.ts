import { describe, expect, it } from 'vitest';
import { addToCart, cartTotalCents, parseSavedCart, removeFromCart } from '../../src/shared/domain/cart';

describe('cart', () => {
  const ga = { name: 'General Admission', priceCents: 2500 };
  const premium = { name: 'Premium Seats', priceCents: 6500 };

  it('adds lines, totals in cents and removes one line by id', () => {
    let items = addToCart([], ga, 'a');
    items = addToCart(items, premium, 'b');
    items = addToCart(items, ga, 'c');
    expect(cartTotalCents(items)).toBe(11500);
    items = removeFromCart(items, 'a');
    expect(items.map((i) => i.id)).toEqual(['b', 'c']);
    expect(cartTotalCents(items)).toBe(9000);
  });

  it('totals an empty cart as zero and ignores removing an unknown id', () => {
    expect(cartTotalCents([])).toBe(0);
    expect(removeFromCart([{ id: 'x', ...ga }], 'nope')).toHaveLength(1);
  });

  it('does not mutate the list it is given', () => {
    const items = Object.freeze([{ id: 'x', ...ga }]);
    expect(addToCart(items, premium, 'y')).toHaveLength(2);
    expect(items).toHaveLength(1);
  });

  it('reads back only well-formed saved carts', () => {
    expect(parseSavedCart(undefined)).toEqual([]);
    expect(parseSavedCart('nope')).toEqual([]);
    expect(parseSavedCart({ id: 'x' })).toEqual([]);
    expect(
      parseSavedCart([
        { id: 'a', name: 'ok', priceCents: 100 },
        { id: 'b', name: 'fraction', priceCents: 1.5 },
        { id: 'c', name: 'negative', priceCents: -5 },
        { id: 4, name: 'bad id', priceCents: 100 },
        null,
      ]),
    ).toEqual([{ id: 'a', name: 'ok', priceCents: 100 }]);
  });
});
