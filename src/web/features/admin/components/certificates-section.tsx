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
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
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
        <Button variant="outline" size="sm" aria-label={t('admin.revokeCertificateOf', { name: certificate.studentName })}>
          <ShieldX aria-hidden="true" />
          {t('admin.revoke')}
        </Button>
      }
      title={t('admin.revokeCertificateTitle', { name: certificate.studentName })}
      description={t('admin.revokeCertificateText', { course: certificate.courseTitle })}
      confirmLabel={t('admin.revoke')}
      canConfirm={parsed.success}
      onOpenChange={(isOpen) => isOpen && setReason('')}
      onConfirm={async () => {
        if (!parsed.success) return;
        await revoke.mutateAsync({ certificateId: certificate.id, reason: parsed.data.reason });
        toast({ variant: 'success', title: t('admin.certificateRevoked'), description: certificate.studentName });
      }}
    >
      <div className="grid gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {t('admin.revokeReasonLabel')}
        </label>
        <Input
          id={fieldId}
          aria-describedby={hintId}
          value={reason}
          maxLength={REVOKE_REASON_MAX}
          required
          placeholder={t('admin.revokeReasonPlaceholder')}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={hintId} className="text-end text-xs text-muted-foreground">
          {t('admin.characterCount', { count: formatCount(reason.length), max: formatCount(REVOKE_REASON_MAX) })}
        </p>
      </div>
    </ConfirmDialog>
  );
}

function FoundCertificate({ certificate }: { certificate: VerifiedCertificate }) {
  const isRevoked = certificate.revokedAt !== null;
  return (
    <RowList label={t('admin.certificateFound')}>
      <Row actions={isRevoked ? null : <RevokeButton certificate={certificate} />}>
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="wrap-anywhere">{certificate.studentName}</span>
          <Badge variant={isRevoked ? 'danger' : 'success'}>{isRevoked ? t('admin.revoked') : t('admin.valid')}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="wrap-anywhere">{certificate.courseTitle}</span> ·{' '}
          {t('admin.issuedOn', { day: day(certificate.issuedAt) })}
        </p>
        {certificate.revokedAt ? (
          <p className="text-sm text-muted-foreground">
            {certificate.revokedReason
              ? t('admin.revokedOnWithReason', { day: day(certificate.revokedAt), reason: certificate.revokedReason })
              : t('admin.revokedOnCap', { day: day(certificate.revokedAt) })}
          </p>
        ) : null}
        <p className="text-xs">
          <Link to={paths.certificate.getHref(certificate.id)} className="font-mono break-all hover:underline" dir="ltr">
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
        {t('admin.tabCertificates')}
      </h2>
      <FilterBar>
        <SearchForm
          label={t('admin.findCertificate')}
          placeholder={t('admin.certificatePlaceholder')}
          onSearch={(text) => setQuery(text || null)}
        />
      </FilterBar>
      <div className="mt-4" aria-live="polite">
        {query === null ? (
          <p className="text-sm text-muted-foreground">{t('admin.pasteCertificate')}</p>
        ) : id === null ? (
          <p className="text-sm text-destructive">{t('admin.noCertificateId')}</p>
        ) : lookup.isPending ? (
          <p className="text-sm text-muted-foreground">{t('admin.lookingUp')}</p>
        ) : lookup.isError ? (
          <p className="text-sm text-destructive">
            {isApiError(lookup.error, 404)
              ? t('admin.noSuchCertificate')
              : getErrorMessage(lookup.error, t('admin.lookupFailed'))}
          </p>
        ) : (
          <FoundCertificate certificate={lookup.data} />
        )}
      </div>
    </section>
  );
}
