import { downloadFile } from '#web/lib/download-file';

/** docs/product.md, Certificates: the certificate's PDF, fetched with the bearer token and saved. */
export const downloadCertificate = (courseId: string) =>
  downloadFile(`/api/courses/${encodeURIComponent(courseId)}/certificate`, 'certificate.pdf');
