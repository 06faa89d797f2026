import { Download } from 'lucide-react';
import { useState } from 'react';
import type { Purchase } from '#shared/schemas/purchases';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { t } from '#web/lib/i18n/t';
import { downloadReceipt } from '../api/download-receipt';

/** The receipt PDF is fetched with the session token, so this is a button rather than a plain link. */
export function ReceiptButton({ purchase }: { purchase: Purchase }) {
  const [isBusy, setBusy] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const onClick = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadReceipt(purchase.receiptUrl);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => void onClick()}
        disabled={isBusy}
        aria-label={t('purchases.downloadReceiptFor', { title: purchase.course.title })}
      >
        {isBusy ? <Spinner /> : <Download aria-hidden="true" />}
        {t('purchases.downloadReceipt')}
      </Button>
      {hasFailed ? (
        <p role="alert" className="text-xs text-destructive">
          {t('purchases.receiptFailed')}
        </p>
      ) : null}
    </div>
  );
}
