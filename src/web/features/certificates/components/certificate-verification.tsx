import { Award, ShieldCheck, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import type { Certificate } from '#shared/schemas/certificates';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useCertificate } from '../api/get-certificate';

/** docs/product.md, Certificates: the public page a certificate's verification address opens. */
export function CertificateVerification({ certificateId }: { certificateId: string }) {
  const certificate = useCertificate(certificateId);
  useDocumentTitle('Certificate verification');
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:py-20">
      {certificate.isPending ? (
        <p role="status" className="text-center text-muted-foreground">
          Checking the certificate...
        </p>
      ) : certificate.isError ? (
        <Card role="alert" className="grid justify-items-center gap-3 p-8 text-center">
          <ShieldX className="size-12 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">
            {isApiError(certificate.error, 404) ? 'Certificate not found' : 'The certificate could not be checked'}
          </h1>
          <p className="text-muted-foreground">
            No Gradient Academy certificate has the id <span className="font-mono break-all">{certificateId}</span>.
          </p>
        </Card>
      ) : certificate.data.revokedAt ? (
        <RevokedCertificate certificate={certificate.data} revokedAt={certificate.data.revokedAt} />
      ) : (
        <Card className="grid justify-items-center gap-4 p-8 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-success-muted text-success-muted-foreground">
            <ShieldCheck className="size-8" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold">Verified certificate</h1>
          <p className="text-muted-foreground">Gradient Academy confirms that</p>
          <p className="text-3xl font-extrabold break-words">{certificate.data.studentName}</p>
          <p className="text-muted-foreground">completed the course</p>
          <p className="flex items-center gap-2 text-xl font-semibold break-words">
            <Award className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {certificate.data.courseTitle}
          </p>
          <CertificateFacts certificate={certificate.data} />
          <Button asChild variant="outline">
            <Link to={paths.course.detail.getHref(certificate.data.courseId)}>View the course</Link>
          </Button>
        </Card>
      )}
    </div>
  );
}

const longDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' });

function CertificateFacts({ certificate }: { certificate: Certificate }) {
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

/** A certificate that was issued and then revoked (its course was refunded): it no longer confirms anything. */
function RevokedCertificate({ certificate, revokedAt }: { certificate: Certificate; revokedAt: string }) {
  return (
    <Card role="alert" className="grid justify-items-center gap-4 p-8 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">Certificate revoked</h1>
      <p className="text-muted-foreground">
        This certificate was issued to <span className="font-semibold text-foreground">{certificate.studentName}</span> for the
        course <span className="font-semibold text-foreground">{certificate.courseTitle}</span>, and is no longer valid.
      </p>
      <p className="font-medium">
        Revoked on {longDay(revokedAt)}
        {certificate.revokedReason ? `: ${certificate.revokedReason}.` : '.'}
      </p>
      <CertificateFacts certificate={certificate} />
    </Card>
  );
}
