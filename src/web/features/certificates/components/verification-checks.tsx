import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { VerifiedCertificate } from '#shared/schemas/certificates';
import { longDay } from '../lib/dates';

type Outcome = 'passed' | 'failed' | 'unknown';

const ICONS = {
  passed: { Icon: CircleCheck, className: 'text-success', label: 'Passed' },
  failed: { Icon: CircleX, className: 'text-destructive', label: 'Failed' },
  unknown: { Icon: CircleAlert, className: 'text-warning-muted-foreground', label: 'Not confirmed' },
} as const;

function Check({ outcome, title, children }: { outcome: Outcome; title: string; children: ReactNode }) {
  const { Icon, className, label } = ICONS[outcome];
  return (
    <li className="flex gap-3">
      <Icon className={`mt-0.5 size-5 shrink-0 ${className}`} aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium">
          <span className="sr-only">{label}: </span>
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
  const checkedAt = new Date(verification.checkedAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return (
    <section aria-labelledby="verification-checks-heading" className="w-full rounded-xl border bg-muted/40 p-4 text-left sm:p-5">
      <h2 id="verification-checks-heading" className="mb-3 text-base font-semibold">
        What was checked
      </h2>
      <ul className="grid gap-3">
        {verification.signature === 'valid' ? (
          <Check outcome="passed" title="Signature valid">
            Signed by Gradient Academy, <span className="font-mono text-xs break-all">{verification.issuer}</span>
          </Check>
        ) : (
          <Check outcome="failed" title="Signature does not match">
            The credential’s contents differ from what Gradient Academy signed: do not rely on it.
          </Check>
        )}
        {isRevoked ? (
          <Check outcome="failed" title="Revoked">
            {verification.status === 'revoked' ? 'Its signed revocation list marks it revoked.' : 'Gradient Academy revoked it.'}
          </Check>
        ) : verification.status === 'active' ? (
          <Check outcome="passed" title="Not revoked">
            Its signed revocation list shows it as active.
          </Check>
        ) : (
          <Check outcome="unknown" title="Revocation status not confirmed">
            Its revocation list could not be read or checked just now.
          </Check>
        )}
        <Check outcome="passed" title="Issued to, for, on">
          <span className="font-medium text-foreground wrap-anywhere">{certificate.studentName}</span>, for{' '}
          <span className="font-medium text-foreground wrap-anywhere">{certificate.courseTitle}</span>, on{' '}
          {longDay(certificate.issuedAt)}
        </Check>
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">Checked {checkedAt} UTC</p>
    </section>
  );
}
