import { OPEN_BADGES_CONTEXT, VC_V2_CONTEXT } from './document-loader';
import { isoSeconds, statusListUrl } from './status-lists';

/*
 * A certificate as an Open Badges 3.0 OpenBadgeCredential (VC Data Model 2.0), before it is signed
 * (docs/product.md, Credentials). Everything in it is of the day of issue: the names kept on the
 * certificate, the course's description when the credential is made.
 */

export const ISSUER_NAME = 'Gradient Academy';
/** What earning any course's certificate takes (docs/product.md, Certificates). */
const CRITERIA = 'Completed every lesson of the course and passed every quiz.';

export type CredentialCertificate = {
  id: string;
  courseId: string;
  studentName: string;
  courseTitle: string;
  courseDescription: string;
  issuedAt: Date;
  statusListId: string;
  statusIndex: number;
};

export function credentialUrl(publicUrl: string, certificateId: string): string {
  return `${publicUrl}/api/certificates/${certificateId}/credential`;
}

export function openBadgeCredential({
  certificate,
  publicUrl,
  issuer,
}: {
  certificate: CredentialCertificate;
  publicUrl: string;
  issuer: string;
}): Record<string, unknown> {
  const listUrl = statusListUrl(publicUrl, certificate.statusListId);
  return {
    '@context': [VC_V2_CONTEXT, OPEN_BADGES_CONTEXT],
    id: credentialUrl(publicUrl, certificate.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuer, type: ['Profile'], name: ISSUER_NAME, url: publicUrl },
    validFrom: isoSeconds(certificate.issuedAt),
    name: certificate.courseTitle,
    credentialSubject: {
      type: ['AchievementSubject'],
      name: certificate.studentName,
      // Open Badges names a subject without an id by an identifier; the name is the one it has here.
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: certificate.studentName }],
      achievement: {
        id: `${publicUrl}/course/${certificate.courseId}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: certificate.courseTitle,
        description: certificate.courseDescription || `The course "${certificate.courseTitle}" on ${ISSUER_NAME}.`,
        criteria: { narrative: CRITERIA },
      },
    },
    credentialStatus: {
      id: `${listUrl}#${certificate.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(certificate.statusIndex),
      statusListCredential: listUrl,
    },
  };
}
