import { Award, ShieldAlert, ShieldCheck, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import type { VerifiedCertificate } from '#shared/schemas/certificates';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useCertificate } from '../api/get-certificate';
import { longDay } from '../lib/dates';
import { CredentialLinks } from './credential-links';
import { VerificationChecks } from './verification-checks';

/**
 * docs/product.md, Certificates and Credentials: the public page a certificate's verification address (and
 * its PDF's QR code) opens. It says what the server checked of the signed credential: the signature, the
 * revocation status, and what it was issued for.
 */
export function CertificateVerification({ certificateId }: { certificateId: string }) {
  const certificate = useCertificate(certificateId);
  useDocumentTitle('Certificate verification');
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:py-20">
      {certificate.isPending ? (
        <p role="status" className="text-center text-muted-foreground">
          Checking the certificate’s signature and status...
        </p>
      ) : certificate.isError ? (
        <Card role="alert" className="grid justify-items-center gap-3 p-8 text-center">
          <ShieldX className="size-12 text-destructive" aria-hidden="true" />
          {isApiError(certificate.error, 404) ? (
            <>
              <h1 className="text-2xl font-bold">Certificate not found</h1>
              <p className="text-muted-foreground">
                No Gradient Academy certificate has the id <span className="font-mono break-all">{certificateId}</span>.
              </p>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-bold">The certificate could not be checked</h1>
              <p className="text-muted-foreground">Something went wrong on our side. Try again in a moment.</p>
              <Button variant="outline" onClick={() => certificate.refetch()}>
                Try again
              </Button>
            </>
          )}
        </Card>
      ) : certificate.data.revokedAt || certificate.data.verification.status === 'revoked' ? (
        <RevokedCertificate certificate={certificate.data} />
      ) : certificate.data.verification.signature === 'invalid' ? (
        <UnverifiedCertificate certificate={certificate.data} />
      ) : (
        <ValidCertificate certificate={certificate.data} />
      )}
    </div>
  );
}

function ValidCertificate({ certificate }: { certificate: VerifiedCertificate }) {
  const isConfirmed = certificate.verification.status === 'active';
  return (
    <Card className="grid justify-items-center gap-4 p-6 text-center sm:p-8">
      <span
        className={
          isConfirmed
            ? 'flex size-16 items-center justify-center rounded-full bg-success-muted text-success-muted-foreground'
            : 'flex size-16 items-center justify-center rounded-full bg-warning-muted text-warning-muted-foreground'
        }
      >
        {isConfirmed ? (
          <ShieldCheck className="size-8" aria-hidden="true" />
        ) : (
          <ShieldAlert className="size-8" aria-hidden="true" />
        )}
      </span>
      <h1 className="text-2xl font-bold">{isConfirmed ? 'Verified certificate' : 'Signature verified, status unconfirmed'}</h1>
      <p className="text-muted-foreground">Gradient Academy confirms that</p>
      <p className="text-3xl font-extrabold break-words">{certificate.studentName}</p>
      <p className="text-muted-foreground">completed the course</p>
      <p className="text-xl font-semibold break-words">
        <Award className="me-2 inline size-5 align-[-0.125em] text-primary" aria-hidden="true" />
        {certificate.courseTitle}
      </p>
      <CertificateFacts certificate={certificate} />
      <VerificationChecks certificate={certificate} />
      <CredentialLinks certificate={certificate} />
      <Button asChild variant="link">
        <Link to={paths.course.detail.getHref(certificate.courseId)}>View the course</Link>
      </Button>
    </Card>
  );
}

function CertificateFacts({ certificate }: { certificate: VerifiedCertificate }) {
  return (
    <dl className="grid gap-1 text-sm text-muted-foreground">
      <div>
        <dt className="inline">Issued on </dt>
        <dd className="inline font-medium text-foreground">{longDay(certificate.issuedAt)}</dd>
      </div>
      <div>
        <dt className="inline">Certificate ID </dt>
        <dd className="inline font-mono break-all">{certificate.id}</dd>
      </div>
    </dl>
  );
}

/** A certificate that was issued and then revoked (a refund, or an admin): it no longer confirms anything. */
function RevokedCertificate({ certificate }: { certificate: VerifiedCertificate }) {
  return (
    <Card role="alert" className="grid justify-items-center gap-4 p-6 text-center sm:p-8">
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">Certificate revoked</h1>
      <p className="text-muted-foreground">
        This certificate was issued to <span className="font-semibold text-foreground">{certificate.studentName}</span> for the
        course <span className="font-semibold text-foreground">{certificate.courseTitle}</span>, and is no longer valid.
      </p>
      {certificate.revokedAt ? (
        <p className="font-medium">
          Revoked on {longDay(certificate.revokedAt)}
          {certificate.revokedReason ? `: ${certificate.revokedReason}.` : '.'}
        </p>
      ) : null}
      <CertificateFacts certificate={certificate} />
      <VerificationChecks certificate={certificate} />
    </Card>
  );
}

/** The stored credential no longer matches its proof: nothing it says can be relied on. */
function UnverifiedCertificate({ certificate }: { certificate: VerifiedCertificate }) {
  return (
    <Card role="alert" className="grid justify-items-center gap-4 p-6 text-center sm:p-8">
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">Certificate could not be verified</h1>
      <p className="text-muted-foreground">Its signed credential does not match its signature. Contact Gradient Academy.</p>
      <CertificateFacts certificate={certificate} />
      <VerificationChecks certificate={certificate} />
    </Card>
  );
}
