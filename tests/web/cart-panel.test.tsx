import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CartPanel } from '../../src/web/features/sports/components/cart-panel';

describe('CartPanel', () => {
  it("says 'Your cart is empty' and disables Checkout when empty", () => {
    render(<CartPanel open onClose={() => {}} items={[]} totalCents={0} onRemove={() => {}} onCheckout={() => {}} />);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$0.00');
  });

  it('lists items with their prices and total, and removes the chosen line', () => {
    const onRemove = vi.fn();
    render(
      <CartPanel
        open
        onClose={() => {}}
        items={[
          { id: 'a', name: 'General Admission', priceCents: 2500 },
          { id: 'b', name: 'Premium Seats', priceCents: 6500 },
        ]}
        totalCents={9000}
        onRemove={onRemove}
        onCheckout={() => {}}
      />,
    );
    const list = screen.getByRole('list', { name: 'Cart items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$90.00');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Premium Seats' }));
    expect(onRemove).toHaveBeenCalledWith('b');
  });

  it('closes with the Close button', () => {
    const onClose = vi.fn();
    render(<CartPanel open onClose={onClose} items={[]} totalCents={0} onRemove={() => {}} onCheckout={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
