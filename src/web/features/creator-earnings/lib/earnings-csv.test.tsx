import { describe, expect, it } from 'vitest';
import type { Payout } from '#shared/schemas/payouts';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { getAllPayouts } from '../api/get-payouts';
import { buildEarningsCsv } from './earnings-csv';

/* The earnings CSV (issue 24 §4): the period's figures, then every payout made, safe to open in a spreadsheet. */

const payout = (id: string, change: Partial<Payout> = {}): Payout => ({
  id,
  amount: '52.00',
  currency: 'usd',
  method: 'stripe',
  status: 'paid',
  reference: `tr_${id}`,
  createdAt: '2026-11-02T23:59:00.000Z',
  paidAt: '2026-11-03T00:01:00.000Z',
  ...change,
});

const figures = {
  byCourse: [{ courseId: 'c1', title: 'Transformers', sales: 2, gross: '65.00', fees: '13.00', refunds: '0.00', net: '52.00' }],
  byMonth: [{ month: '2026-10', sales: 2, gross: '65.00', fees: '13.00', refunds: '0.00', net: '52.00' }],
};

describe('the earnings CSV', () => {
  it('ends with a payouts section: date, amount, method, status and reference, each a cell a spreadsheet cannot run', () => {
    const csv = buildEarningsCsv(figures, {
      complete: true,
      items: [
        payout('a'),
        payout('b', {
          amount: '12.34',
          method: 'manual',
          reference: '=HYPERLINK("http://evil","x")',
          paidAt: '2026-10-15T10:00:00.000Z',
        }),
        payout('c', { status: 'pending', reference: null, paidAt: null, createdAt: '2026-11-20T08:00:00.000Z' }),
        payout('d', { status: 'failed', reference: '+1 "quoted"', paidAt: null }),
      ],
    });
    const lines = csv.split('\r\n');
    expect(csv.endsWith('\r\n')).toBe(true);
    const start = lines.indexOf('"Payouts (all, newest first)"');
    expect(start).toBeGreaterThan(lines.indexOf('"By month"'));
    expect(lines[start - 1]).toBe('');
    expect(lines.slice(start + 1, start + 6)).toEqual([
      '"Date","Amount (USD)","Method","Status","Reference"',
      '"2026-11-03",52.00,"Stripe transfer","Paid","tr_a"',
      `"2026-10-15",12.34,"Bank transfer","Paid","'=HYPERLINK(""http://evil"",""x"")"`,
      '"2026-11-20",52.00,"Stripe transfer","On its way",""',
      `"2026-11-02",52.00,"Stripe transfer","Failed","'+1 ""quoted"""`,
    ]);
    // The figures come first, as before.
    expect(lines.slice(0, 3)).toEqual([
      '"By course"',
      '"Course","Sales","Gross (USD)","Fees (USD)","Refunds (USD)","Net (USD)"',
      '"Transformers",2,65.00,13.00,0.00,52.00',
    ]);
  });

  it("writes its headings and words in the page's language, its figures as the API gave them", () => {
    document.documentElement.lang = 'de';
    try {
      const lines = buildEarningsCsv(figures, { complete: true, items: [payout('a', { status: 'pending' })] }).split('\r\n');
      expect(lines.slice(0, 3)).toEqual([
        '"Nach Kurs"',
        '"Kurs","Verkäufe","Brutto (USD)","Gebühren (USD)","Erstattungen (USD)","Netto (USD)"',
        '"Transformers",2,65.00,13.00,0.00,52.00',
      ]);
      expect(lines).toContain('"2026-11-03",52.00,"Stripe-Überweisung","Unterwegs","tr_a"');
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('says when only the newest payouts are listed, and has a header even with none', () => {
    expect(buildEarningsCsv(figures, { complete: false, items: [payout('a')] })).toContain('"Payouts (the newest 1)"\r\n');
    const none = buildEarningsCsv(figures, { complete: true, items: [] });
    expect(none.endsWith('"Payouts (all, newest first)"\r\n"Date","Amount (USD)","Method","Status","Reference"\r\n')).toBe(true);
  });

  it('fetches every page of payouts for the export, 100 at a time, up to its bound', async () => {
    const pages: Record<string, { items: Payout[]; nextCursor: string | null }> = {
      '': { items: [payout('a'), payout('b')], nextCursor: 'p2' },
      p2: { items: [payout('c')], nextCursor: 'p3' },
      p3: { items: [payout('d')], nextCursor: null },
    };
    const { urls } = stubFetch({
      'GET /api/creator/payouts': (url) => ({ body: pages[url.searchParams.get('cursor') ?? ''] }),
    });
    const all = await getAllPayouts();
    expect(all).toEqual({ complete: true, items: ['a', 'b', 'c', 'd'].map((id) => payout(id)) });
    expect(urls).toEqual([
      '/api/creator/payouts?limit=100',
      '/api/creator/payouts?limit=100&cursor=p2',
      '/api/creator/payouts?limit=100&cursor=p3',
    ]);

    const bounded = await getAllPayouts({ maxPages: 2 });
    expect(bounded).toEqual({ complete: false, items: ['a', 'b', 'c'].map((id) => payout(id)) });
  });
});
