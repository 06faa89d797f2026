import { apiRequest } from '#web/lib/api-client';

/**
 * The PDF needs the bearer token, so it is fetched and saved rather than linked (as the certificate
 * is; features do not import each other, STYLE.md principle 1).
 */
export async function downloadReceipt(receiptUrl: string): Promise<void> {
  const response = await apiRequest('GET', receiptUrl);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'receipt.pdf';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
