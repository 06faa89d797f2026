import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectStatus } from '#shared/schemas/payouts';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { PayoutSetup } from './payout-setup';

/*
 * How a creator is paid (issue 24 §4): the Stripe states cannot run end to end (the e2e server runs
 * the built-in processor), so they are checked here against stubbed answers of the real routes.
 */

function Address() {
  const location = useLocation();
  return <span data-testid="address">{`${location.pathname}${location.search}`}</span>;
}

function renderSetup(entry = '/creator/earnings') {
  const leave = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <PayoutSetup leave={leave} />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { leave };
}

const user = userEvent.setup();
const status = (body: ConnectStatus) => ({ 'GET /api/creator/payouts/connect': { body } });

describe('how a creator is paid', () => {
  it('without Stripe: a line that an admin pays by bank transfer, no button, and nothing to say about a Stripe return', async () => {
    stubFetch(status({ payoutsBy: 'admin', account: null }));
    renderSetup('/creator/earnings?connect=done');
    expect(await screen.findByText(/An admin pays your available balance by bank transfer/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/creator/earnings'));
  });

  it('not connected: “Connect with Stripe” asks for a link and sends the browser to it', async () => {
    const { calls } = stubFetch({
      ...status({ payoutsBy: 'stripe', account: 'not_connected' }),
      'POST /api/creator/payouts/connect': { body: { url: 'https://connect.stripe.com/setup/e/acct_1/abc' }, delayMs: 20 },
    });
    const { leave } = renderSetup();
    const button = await screen.findByRole('button', { name: 'Connect with Stripe' });
    await user.click(button);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/abc'));
    expect(calls).toContain('POST /api/creator/payouts/connect');
    // Busy while the browser leaves: a second press sends nothing.
    expect(screen.getByRole('button', { name: 'Connect with Stripe' })).toHaveProperty('disabled', true);
  });

  it('unfinished: “Finish Stripe setup”, from the keyboard; a refusal is shown and the button works again', async () => {
    let posts = 0;
    stubFetch({
      ...status({ payoutsBy: 'stripe', account: 'unfinished' }),
      'POST /api/creator/payouts/connect': () =>
        ++posts === 1
          ? { status: 502, body: { message: 'Stripe could not make the link' } }
          : { body: { url: 'https://connect.stripe.com/setup/e/acct_2/def' } },
    });
    const { leave } = renderSetup();
    const button = await screen.findByRole('button', { name: 'Finish Stripe setup' });
    expect(screen.getByText(/Stripe still needs a few details/)).toBeTruthy();
    button.focus();
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Stripe could not make the link');
    expect(leave).not.toHaveBeenCalled();
    await user.keyboard(' ');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_2/def'));
  });

  it('ready: a line that payouts go to the connected account automatically, and no button', async () => {
    stubFetch(status({ payoutsBy: 'stripe', account: 'ready' }));
    renderSetup();
    expect(await screen.findByText(/Payouts go to your connected Stripe account automatically/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('back from onboarding (?connect=done): a notice with the status read afresh, and the query leaves the address', async () => {
    const { calls } = stubFetch(status({ payoutsBy: 'stripe', account: 'ready' }));
    renderSetup('/creator/earnings?period=30d&connect=done');
    expect((await screen.findByText(/Stripe has confirmed your account/)).closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/creator/earnings?period=30d'));
    expect(calls.filter((call) => call === 'GET /api/creator/payouts/connect')).toHaveLength(1);
    // The notice stays after the address changed.
    expect(screen.getByText(/Stripe has confirmed your account/)).toBeTruthy();
  });

  it('back with an expired link (?connect=refresh): a notice to press again, and the query leaves the address', async () => {
    stubFetch(status({ payoutsBy: 'stripe', account: 'unfinished' }));
    renderSetup('/creator/earnings?connect=refresh');
    expect(await screen.findByText(/That Stripe link had expired/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Finish Stripe setup' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/creator/earnings'));
  });

  it('a status that cannot be loaded is a notice with a retry, never a blank', async () => {
    let reads = 0;
    stubFetch({
      'GET /api/creator/payouts/connect': () =>
        ++reads === 1 ? { status: 500, body: { message: 'boom' } } : { body: { payoutsBy: 'admin', account: null } },
    });
    renderSetup();
    expect((await screen.findByRole('alert')).textContent).toMatch(/How you are paid could not be loaded/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/An admin pays your available balance/)).toBeTruthy();
  });
});
