import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { t } from '#web/lib/i18n/t';

const COPIED_FOR_MS = 2_000;

export function CopyCodeButton({ code }: { code: string }) {
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast({ variant: 'success', title: t('coupons.codeCopied'), description: code });
    } catch {
      // No clipboard (an insecure page, or permission refused): the code stays selectable on the page.
      toast({ variant: 'destructive', title: t('coupons.copyFailed'), description: t('coupons.copyYourself', { code }) });
    }
  };

  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={t('coupons.copyCodeOf', { code })}
      title={t('coupons.copyCode')}
      onClick={() => void copy()}
      className="text-muted-foreground hover:text-foreground"
    >
      {isCopied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
