import { useCallback, useEffect, useState } from 'react';
import { addToCart, type CartItem, cartTotalCents, parseSavedCart, removeFromCart } from '../../../shared/domain/cart';
import { readJson, writeJson } from '../../lib/storage';

const CART_KEY = 'fangrid.cart';

function newLineId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The sports hub's ticket cart, kept in this browser so a reload keeps it. */
export function useCart() {
  const [items, setItems] = useState<CartItem[]>(() => parseSavedCart(readJson(CART_KEY)));

  useEffect(() => writeJson(CART_KEY, items), [items]);

  const add = useCallback((item: Omit<CartItem, 'id'>) => setItems((prev) => addToCart(prev, item, newLineId())), []);
  const remove = useCallback((id: string) => setItems((prev) => removeFromCart(prev, id)), []);

  return { items, add, remove, totalCents: cartTotalCents(items) };
}
