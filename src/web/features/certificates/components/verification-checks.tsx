import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { VerifiedCertificate } from '#shared/schemas/certificates';
import { formatDate } from '#web/lib/i18n/format';
import { RichText, slot } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { longDay } from '../lib/dates';

type Outcome = 'passed' | 'failed' | 'unknown';

const ICONS = {
  passed: { Icon: CircleCheck, className: 'text-success', label: () => t('certificates.passed') },
  failed: { Icon: CircleX, className: 'text-destructive', label: () => t('certificates.failed') },
  unknown: { Icon: CircleAlert, className: 'text-warning-muted-foreground', label: () => t('certificates.notConfirmed') },
} as const;

function Check({ outcome, title, children }: { outcome: Outcome; title: string; children: ReactNode }) {
  const { Icon, className, label } = ICONS[outcome];
  return (
    <li className="flex gap-3">
      <Icon className={`mt-0.5 size-5 shrink-0 ${className}`} aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium">
          <span className="sr-only">{label()}</span>
          {title}
        </p>
        <div className="text-sm text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

/**
 * What the server checked of the certificate's signed credential (docs/product.md, Credentials), in the
 * words a reader who never heard of verifiable credentials can follow, with the issuer's DID for one who has.
 */
export function VerificationChecks({ certificate }: { certificate: VerifiedCertificate }) {
  const { verification } = certificate;
  const isRevoked = certificate.revokedAt !== null || verification.status === 'revoked';
  const checkedAt = formatDate(verification.checkedAt, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (
    <section aria-labelledby="verification-checks-heading" className="w-full rounded-xl border bg-muted/40 p-4 text-start sm:p-5">
      <h2 id="verification-checks-heading" className="mb-3 text-base font-semibold">
        {t('certificates.whatWasChecked')}
      </h2>
      <ul className="grid gap-3">
        {verification.signature === 'valid' ? (
          <Check outcome="passed" title={t('certificates.signatureValid')}>
            <RichText
              text={t('certificates.signedBy', { issuer: slot('issuer') })}
              values={{ issuer: verification.issuer }}
              tags={{
                did: () => (
                  <span dir="ltr" className="font-mono text-xs break-all">
                    {verification.issuer}
                  </span>
                ),
              }}
            />
          </Check>
        ) : (
          <Check outcome="failed" title={t('certificates.signatureMismatch')}>
            {t('certificates.contentsDiffer')}
          </Check>
        )}
        {isRevoked ? (
          <Check outcome="failed" title={t('certificates.revokedCheck')}>
            {verification.status === 'revoked' ? t('certificates.listMarksRevoked') : t('certificates.academyRevoked')}
          </Check>
        ) : verification.status === 'active' ? (
          <Check outcome="passed" title={t('certificates.notRevoked')}>
            {t('certificates.listShowsActive')}
          </Check>
        ) : (
          <Check outcome="unknown" title={t('certificates.statusNotConfirmed')}>
            {t('certificates.listUnreadable')}
          </Check>
        )}
        <Check outcome="passed" title={t('certificates.issuedToForOn')}>
          <RichText
            text={t('certificates.issuedDetails', { name: slot('name'), course: slot('course'), date: slot('date') })}
            values={{ name: certificate.studentName, course: certificate.courseTitle, date: longDay(certificate.issuedAt) }}
            tags={{
              // The name and the title as they are, never read for tags.
              name: () => <span className="font-medium text-foreground wrap-anywhere">{certificate.studentName}</span>,
              course: () => <span className="font-medium text-foreground wrap-anywhere">{certificate.courseTitle}</span>,
            }}
          />
        </Check>
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">{t('certificates.checkedAt', { date: checkedAt })}</p>
    </section>
  );
}
