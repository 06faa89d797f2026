import { apiRequest } from './api-client';

/**
 * A file that needs the bearer token (a certificate, a receipt): fetched and saved under the name the
 * server gives it, since a plain link would go without the token.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await apiRequest('GET', path);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
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
