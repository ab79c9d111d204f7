import { ShoppingCart, Trash2 } from 'lucide-react';
import type { CartItem } from '../../../../shared/domain/cart';
import { formatCents } from '../../../../shared/domain/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export interface CartPanelProps {
  open: boolean;
  onClose: () => void;
  items: CartItem[];
  totalCents: number;
  onRemove: (id: string) => void;
  onCheckout: () => void;
}

export function CartPanel({ open, onClose, items, totalCents, onRemove, onCheckout }: CartPanelProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Your cart" placement="side">
      {items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 text-center text-slate-300">
          <ShoppingCart aria-hidden="true" className="size-10 text-slate-500" />
          <p>Your cart is empty</p>
        </div>
      ) : (
        <ul className="flex flex-1 flex-col gap-2 overflow-y-auto" aria-label="Cart items">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-center justify-between gap-3 rounded-xl border border-ink-700 bg-ink-900 p-3"
            >
              <div>
                <p className="font-semibold text-white">{item.name}</p>
                <p className="text-sm text-slate-300">{formatCents(item.priceCents)}</p>
              </div>
              <Button variant="ghost" size="icon" onClick={() => onRemove(item.id)} aria-label={`Remove ${item.name}`}>
                <Trash2 aria-hidden="true" className="size-5" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-ink-700 pt-4">
        <p className="flex items-center justify-between text-lg font-bold text-white">
          <span>Total</span>
          <span data-testid="cart-total">{formatCents(totalCents, { whole: false })}</span>
        </p>
        <Button className="mt-4 w-full" size="lg" onClick={onCheckout} disabled={items.length === 0}>
          Checkout
        </Button>
      </div>
    </Dialog>
  );
}
