import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { Button } from './ui/button';

const user = userEvent.setup();

function renderDialog(onConfirm: () => unknown) {
  render(
    <ConfirmDialog
      trigger={<Button>Remove Ada</Button>}
      title="Remove Ada?"
      description="She loses access at once."
      confirmLabel="Remove"
      onConfirm={onConfirm}
    />,
  );
  return screen.getByRole('button', { name: 'Remove Ada' });
}

describe('ConfirmDialog', () => {
  it('opens on its trigger, closes on Esc without confirming, and gives focus back to the trigger', async () => {
    const onConfirm = vi.fn();
    const trigger = renderDialog(onConfirm);
    await user.click(trigger);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Ada?' });
    expect(within(dialog).getByText('She loses access at once.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes at once on a confirm that returns nothing', async () => {
    const onConfirm = vi.fn();
    await user.click(renderDialog(onConfirm));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays open while a promise runs, shows its refusal, and closes once one succeeds', async () => {
    let answer: () => Promise<unknown> = () =>
      Promise.reject(new ApiError(409, 'Conflict', JSON.stringify({ message: 'She is the last admin' })));
    await user.click(renderDialog(() => answer()));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('She is the last admin');

    let succeed = () => {};
    const success = new Promise<void>((resolve) => {
      succeed = resolve;
    });
    answer = () => success;
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    succeed();
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
