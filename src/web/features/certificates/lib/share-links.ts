import type { Certificate } from '#shared/schemas/certificates';

/** The issuer's name as LinkedIn shows it on the profile's certification. */
const ORGANIZATION = 'Gradient Academy';

/** The signed credential (docs/product.md, Credentials), and the name the browser saves it under. */
export function credentialDownload(certificateId: string) {
  return {
    href: `/api/certificates/${encodeURIComponent(certificateId)}/credential`,
    fileName: `gradient-academy-credential-${certificateId}.json`,
  };
}

/**
 * LinkedIn's "Add to profile" address for a certification: its name (the course), the issuer, the month
 * of issue (UTC, as the certificate prints it) and the verification page as its link and id.
 */
export function linkedInAddToProfileUrl(certificate: Certificate, verifyUrl: string): string {
  const issued = new Date(certificate.issuedAt);
  const fields: [string, string][] = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', certificate.courseTitle],
    ['organizationName', ORGANIZATION],
    ['issueYear', String(issued.getUTCFullYear())],
    ['issueMonth', String(issued.getUTCMonth() + 1)],
    ['certUrl', verifyUrl],
    ['certId', certificate.id],
  ];
  const query = fields.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `https://www.linkedin.com/profile/add?${query}`;
}
