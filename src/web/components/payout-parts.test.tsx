import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PayoutMethod } from './payout-parts';

afterEach(() => {
  document.documentElement.lang = '';
});

describe("a payout's method", () => {
  it('reads as before in English, with the reference an admin typed', () => {
    render(<PayoutMethod payout={{ method: 'manual', reference: 'BANK-42' }} />);
    expect(
      screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Bank transfer · reference BANK-42'),
    ).toBeTruthy();
  });

  it("is said in the page's language, and a reference that looks like markup stays text", () => {
    document.documentElement.lang = 'es';
    render(<PayoutMethod payout={{ method: 'stripe', reference: '<b>x</b>' }} />);
    const line = screen.getByText((_, element) => element?.tagName === 'P');
    expect(line.textContent).toBe('Transferencia de Stripe · referencia <b>x</b>');
    expect(line.querySelector('b')).toBeNull();
  });
});
