import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import type { PostRef } from '../api/delete-post';
import { useReportPost } from '../api/report-post';
import { TEXTAREA_CLASS } from './body-form';

const REASON_MAX = 500;

/** Report a question or a reply (by `author`) to the admins, with an optional reason; "Reported" afterwards. */
export function ReportButton({ post, author }: { post: PostRef; author: string }) {
  const [isOpen, setOpen] = useState(false);
  const [isReported, setReported] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportPost();
  const reasonId = useId();
  const title =
    post.kind === 'thread'
      ? t('discussions.reportQuestionOf', { name: author })
      : t('discussions.reportReplyOf', { name: author });

  const send = () => {
    setError(null);
    report.mutate(
      { post, reason },
      {
        onSuccess: () => {
          setReported(true);
          setOpen(false);
          toast({ title: t('discussions.reportThanks'), description: t('discussions.adminWillLook') });
        },
        onError: (failure) => {
          // Reported before (on another device, or before a reload): it stands.
          if (isApiError(failure, 409)) {
            setReported(true);
            setOpen(false);
            return;
          }
          setError(getErrorMessage(failure, t('discussions.reportFailed')));
        },
      },
    );
  };

  if (isReported) {
    return (
      <p className="flex items-center gap-1 px-2 text-sm text-muted-foreground">
        <Flag className="size-4" aria-hidden="true" />
        {t('discussions.reported')}
      </p>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={title} onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" />
        {t('discussions.report')}
      </Button>
      <Dialog open={isOpen} onOpenChange={(open) => !report.isPending && setOpen(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{t('discussions.reportRules')}</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <label htmlFor={reasonId} className="text-sm font-medium">
              {t('discussions.reasonOptional')}
            </label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              className={cn(TEXTAREA_CLASS, 'min-h-20')}
              placeholder={t('discussions.reasonPlaceholder')}
            />
            <p className="text-end text-xs text-muted-foreground tabular-nums">
              {formatCount(reason.length)} / {formatCount(REASON_MAX)}
            </p>
            {error ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={report.isPending}>
                {t('discussions.cancel')}
              </Button>
              <Button type="submit" variant="destructive" disabled={report.isPending}>
                {report.isPending ? <Spinner /> : null}
                {t('discussions.report')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
