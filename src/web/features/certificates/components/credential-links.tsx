import { ExternalLink, FileJson } from 'lucide-react';
import type { Certificate } from '#shared/schemas/certificates';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { credentialDownload, linkedInAddToProfileUrl } from '../lib/share-links';

/** The valid certificate taken elsewhere: its signed credential for a wallet or verifier, and LinkedIn. */
export function CredentialLinks({ certificate }: { certificate: Certificate }) {
  const download = credentialDownload(certificate.id);
  const verifyUrl = new URL(paths.certificate.getHref(certificate.id), window.location.origin).href;
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center">
      <Button asChild variant="outline">
        <a href={download.href} download={download.fileName} type="application/json">
          <FileJson aria-hidden="true" />
          {t('certificates.downloadCredential')}
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={linkedInAddToProfileUrl(certificate, verifyUrl)} target="_blank" rel="noopener noreferrer">
          {t('certificates.addToLinkedIn')}
          <span className="sr-only">{t('certificates.opensLinkedIn')}</span>
          <ExternalLink aria-hidden="true" />
        </a>
      </Button>
    </div>
  );
}
