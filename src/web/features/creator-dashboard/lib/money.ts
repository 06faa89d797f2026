const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "1234.5" (the API's USD string) -> "$1,234.50"; revenue reads "$0.00", never "Free". */
export function formatUsd(amount: string): string {
  const value = Number.parseFloat(amount);
  return usd.format(Number.isFinite(value) ? value : 0);
}
