import { apiRequest } from '#web/lib/api-client';

/**
 * SPEC §7: the PDF comes with the bearer token, so it is fetched and saved rather than linked. The same
 * call as Learn's sidebar button (features do not import each other; STYLE.md principle 1).
 */
export async function downloadCertificate(courseId: string): Promise<void> {
  const response = await apiRequest('GET', `/api/courses/${encodeURIComponent(courseId)}/certificate`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'certificate.pdf';
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
