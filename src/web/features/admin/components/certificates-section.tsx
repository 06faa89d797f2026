import { ShieldX } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { REVOKE_REASON_MAX, RevokeCertificateBodySchema } from '#shared/schemas/admin';
import type { VerifiedCertificate } from '#shared/schemas/certificates';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useCertificateLookup, useRevokeCertificate } from '../api/certificates';
import { day } from '../lib/labels';
import { FilterBar, SearchForm } from './filters';
import { Row, RowList } from './paged-list-view';

/** The id in what an admin pastes: the id itself, the verification address, or the credential's. */
const certificateIdIn = (text: string) =>
  text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i)?.[0]?.toLowerCase() ?? null;

/** Asks for the reason its verification page will show, then revokes the certificate. */
function RevokeButton({ certificate }: { certificate: VerifiedCertificate }) {
  const revoke = useRevokeCertificate();
  const [reason, setReason] = useState('');
  const fieldId = useId();
  const hintId = useId();
  const parsed = RevokeCertificateBodySchema.safeParse({ reason });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke the certificate of ${certificate.studentName}`}>
          <ShieldX aria-hidden="true" />
          Revoke
        </Button>
      }
      title={`Revoke ${certificate.studentName}’s certificate?`}
      description={`For “${certificate.courseTitle}”. Its verification page says revoked at once, with your reason, and its signed credential fails every verifier's status check within a minute. This cannot be undone.`}
      confirmLabel="Revoke"
      canConfirm={parsed.success}
      onOpenChange={(isOpen) => isOpen && setReason('')}
      onConfirm={async () => {
        if (!parsed.success) return;
        await revoke.mutateAsync({ certificateId: certificate.id, reason: parsed.data.reason });
        toast({ variant: 'success', title: 'Certificate revoked', description: certificate.studentName });
      }}
    >
      <div className="grid gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Reason, shown on the verification page
        </label>
        <Input
          id={fieldId}
          aria-describedby={hintId}
          value={reason}
          maxLength={REVOKE_REASON_MAX}
          required
          placeholder="Why is it no longer valid?"
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={hintId} className="text-right text-xs text-muted-foreground">
          {reason.length} / {REVOKE_REASON_MAX}
        </p>
      </div>
    </ConfirmDialog>
  );
}

function FoundCertificate({ certificate }: { certificate: VerifiedCertificate }) {
  const isRevoked = certificate.revokedAt !== null;
  return (
    <RowList label="Certificate found">
      <Row actions={isRevoked ? null : <RevokeButton certificate={certificate} />}>
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="wrap-anywhere">{certificate.studentName}</span>
          <Badge variant={isRevoked ? 'danger' : 'success'}>{isRevoked ? 'Revoked' : 'Valid'}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="wrap-anywhere">{certificate.courseTitle}</span> · issued {day(certificate.issuedAt)}
        </p>
        {certificate.revokedAt ? (
          <p className="text-sm text-muted-foreground">
            Revoked {day(certificate.revokedAt)}
            {certificate.revokedReason ? `: ${certificate.revokedReason}` : ''}
          </p>
        ) : null}
        <p className="text-xs">
          <Link to={paths.certificate.getHref(certificate.id)} className="font-mono break-all hover:underline">
            {certificate.id}
          </Link>
        </p>
      </Row>
    </RowList>
  );
}

/** A certificate looked up by its id (as a student or an employer sends it), and revoked with a reason. */
export function CertificatesSection() {
  const [query, setQuery] = useState<string | null>(null);
  const id = query === null ? null : certificateIdIn(query);
  const lookup = useCertificateLookup(id);
  return (
    <section aria-labelledby="admin-certificates-heading">
      <h2 id="admin-certificates-heading" className="mb-4 text-xl font-semibold">
        Certificates
      </h2>
      <FilterBar>
        <SearchForm
          label="Find a certificate"
          placeholder="Certificate id or verification address"
          onSearch={(text) => setQuery(text || null)}
        />
      </FilterBar>
      <div className="mt-4" aria-live="polite">
        {query === null ? (
          <p className="text-sm text-muted-foreground">
            Paste the id printed on the certificate, or the address of its verification page.
          </p>
        ) : id === null ? (
          <p className="text-sm text-destructive">That holds no certificate id.</p>
        ) : lookup.isPending ? (
          <p className="text-sm text-muted-foreground">Looking it up...</p>
        ) : lookup.isError ? (
          <p className="text-sm text-destructive">
            {isApiError(lookup.error, 404)
              ? 'No certificate has that id.'
              : getErrorMessage(lookup.error, 'The certificate could not be looked up. Try again.')}
          </p>
        ) : (
          <FoundCertificate certificate={lookup.data} />
        )}
      </div>
    </section>
  );
}
