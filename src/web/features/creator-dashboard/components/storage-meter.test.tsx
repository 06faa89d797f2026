import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { getQueryFn } from '#web/lib/api-client';
import { StorageMeter } from './storage-meter';

const GB = 1024 ** 3;

function renderMeter() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn(), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StorageMeter />
    </QueryClientProvider>,
  );
}

describe('the storage meter', () => {
  it("says how much of the creator's quota their uploads use, as text and as a meter", async () => {
    stubFetch({ 'GET /api/creator/storage': { body: { usedBytes: Math.round(1.2 * GB), quotaBytes: 5 * GB } } });
    renderMeter();
    expect(await screen.findByText('1.2 GB of 5 GB used')).toBeInTheDocument();
    const meter = screen.getByRole('meter', { name: 'Storage' });
    expect(meter).toHaveAttribute('aria-valuetext', '1.2 GB of 5 GB used');
    expect(meter).toHaveAttribute('value', String(Math.round(1.2 * GB)));
    expect(meter).toHaveAttribute('max', String(5 * GB));
    expect(meter).toHaveAccessibleDescription(/Files that no course or slide uses are deleted for you/);
  });

  it('says what to do when it is nearly full, and never shows more than full', async () => {
    stubFetch({ 'GET /api/creator/storage': { body: { usedBytes: 6 * GB, quotaBytes: 5 * GB } } });
    renderMeter();
    expect(await screen.findByText('6 GB of 5 GB used')).toBeInTheDocument();
    const meter = screen.getByRole('meter', { name: 'Storage' });
    expect(meter).toHaveAttribute('value', String(5 * GB));
    expect(meter).toHaveAccessibleDescription(/^Nearly full\./);
  });

  it('shows small uses in the unit that fits', async () => {
    stubFetch({ 'GET /api/creator/storage': { body: { usedBytes: 345_678, quotaBytes: 5 * GB } } });
    renderMeter();
    expect(await screen.findByText('338 KB of 5 GB used')).toBeInTheDocument();
  });

  it('says so in a line when the figures cannot be loaded', async () => {
    stubFetch({ 'GET /api/creator/storage': { status: 503, body: { message: 'Unavailable' } } });
    renderMeter();
    expect(await screen.findByText('Your storage use could not be loaded.')).toBeInTheDocument();
  });
});
