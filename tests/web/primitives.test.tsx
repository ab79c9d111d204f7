import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../src/web/components/ui/button';
import { Dialog } from '../../src/web/components/ui/dialog';
import { Input } from '../../src/web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../src/web/components/ui/tabs';

describe('design system primitives', () => {
  it('Input ties its label, hint and error to the field', () => {
    render(<Input label="Nickname" hint="Up to 7 characters" error="Nickname is required" />);
    const field = screen.getByLabelText('Nickname');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Up to 7 characters Nickname is required');
  });

  it('Button defaults to type=button so it never submits a form by accident', () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Plain</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Plain' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Tabs switch panels with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="standings">
        <TabsList aria-label="WNBA">
          <TabsTrigger value="standings">Standings</TabsTrigger>
          <TabsTrigger value="games">All Games</TabsTrigger>
        </TabsList>
        <TabsContent value="standings">Standings panel</TabsContent>
        <TabsContent value="games">Games panel</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Standings panel');
    await user.click(screen.getByRole('tab', { name: 'Standings' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All Games' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Games panel');
  });

  it('Dialog is labelled by its title and described by its description', () => {
    render(
      <Dialog open onClose={() => {}} title="Join game board" description="Boards open 1 hour before the game.">
        <p>Body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Join game board' });
    expect(dialog).toHaveAccessibleDescription('Boards open 1 hour before the game.');
  });
});
