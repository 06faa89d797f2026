import { Award, ShieldAlert, ShieldCheck, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import type { VerifiedCertificate } from '#shared/schemas/certificates';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { isApiError } from '#web/lib/api-client';
import { RichText, slot } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
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
  useDocumentTitle(t('certificates.pageTitle'));
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:py-20">
      {certificate.isPending ? (
        <p role="status" className="text-center text-muted-foreground">
          {t('certificates.checking')}
        </p>
      ) : certificate.isError ? (
        <Card role="alert" className="grid justify-items-center gap-3 p-8 text-center">
          <ShieldX className="size-12 text-destructive" aria-hidden="true" />
          {isApiError(certificate.error, 404) ? (
            <>
              <h1 className="text-2xl font-bold">{t('certificates.notFound')}</h1>
              <p className="text-muted-foreground">
                <RichText
                  text={t('certificates.noSuchId', { id: slot('id') })}
                  values={{ id: certificateId }}
                  tags={{
                    id: () => (
                      <span dir="ltr" className="font-mono break-all">
                        {certificateId}
                      </span>
                    ),
                  }}
                />
              </p>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-bold">{t('certificates.couldNotCheck')}</h1>
              <p className="text-muted-foreground">{t('certificates.ourSide')}</p>
              <Button variant="outline" onClick={() => certificate.refetch()}>
                {t('certificates.tryAgain')}
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
      <h1 className="text-2xl font-bold">{isConfirmed ? t('certificates.verified') : t('certificates.statusUnconfirmed')}</h1>
      <p className="text-muted-foreground">{t('certificates.confirmsThat')}</p>
      <p className="text-3xl font-extrabold break-words">{certificate.studentName}</p>
      <p className="text-muted-foreground">{t('certificates.completedCourse')}</p>
      <p className="text-xl font-semibold break-words">
        <Award className="me-2 inline size-5 align-[-0.125em] text-primary" aria-hidden="true" />
        {certificate.courseTitle}
      </p>
      <CertificateFacts certificate={certificate} />
      <VerificationChecks certificate={certificate} />
      <CredentialLinks certificate={certificate} />
      <Button asChild variant="link">
        <Link to={paths.course.detail.getHref(certificate.courseId)}>{t('certificates.viewCourse')}</Link>
      </Button>
    </Card>
  );
}

function CertificateFacts({ certificate }: { certificate: VerifiedCertificate }) {
  return (
    <dl className="grid gap-1 text-sm text-muted-foreground">
      <div>
        <dt className="inline">{t('certificates.issuedOn')} </dt>
        <dd className="inline font-medium text-foreground">{longDay(certificate.issuedAt)}</dd>
      </div>
      <div>
        <dt className="inline">{t('certificates.certificateId')} </dt>
        <dd dir="ltr" className="inline font-mono break-all">
          {certificate.id}
        </dd>
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
      <h1 className="text-2xl font-bold">{t('certificates.revoked')}</h1>
      <p className="text-muted-foreground">
        <RichText
          text={t('certificates.revokedBody', { name: slot('name'), course: slot('course') })}
          values={{ name: certificate.studentName, course: certificate.courseTitle }}
          tags={{
            // The name and the title as they are, never read for tags.
            name: () => <span className="font-semibold text-foreground">{certificate.studentName}</span>,
            course: () => <span className="font-semibold text-foreground">{certificate.courseTitle}</span>,
          }}
        />
      </p>
      {certificate.revokedAt ? (
        <p className="font-medium">
          {certificate.revokedReason
            ? t('certificates.revokedOnBecause', { date: longDay(certificate.revokedAt), reason: certificate.revokedReason })
            : t('certificates.revokedOn', { date: longDay(certificate.revokedAt) })}
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
      <h1 className="text-2xl font-bold">{t('certificates.unverified')}</h1>
      <p className="text-muted-foreground">{t('certificates.unverifiedBody')}</p>
      <CertificateFacts certificate={certificate} />
      <VerificationChecks certificate={certificate} />
    </Card>
  );
}
