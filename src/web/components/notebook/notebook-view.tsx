import { Download } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { useLessonNotebook } from '#web/lib/api/get-lesson-notebook';
import { downloadFile } from '#web/lib/download-file';
import { t } from '#web/lib/i18n/t';
import { sanitizeNotebook } from './sanitize-notebook';

/**
 * A notebook slide (docs/product.md, Notebooks): its cells as the server drew them, checked again here,
 * and the .ipynb to download. Loaded on demand: only a notebook slide pays for it.
 */
export default function NotebookView({ lessonId, notebookUrl }: { lessonId: string; notebookUrl: string }) {
  const notebook = useLessonNotebook(lessonId, notebookUrl);
  const html = useMemo(() => (notebook.data ? sanitizeNotebook(notebook.data.html) : null), [notebook.data]);
  const [isDownloading, setDownloading] = useState(false);
  const cells = useRef<HTMLDivElement>(null);
  // A block wider than the screen scrolls: keyboard users reach it with Tab to scroll it with the arrows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new cells arrive with new html
  useLayoutEffect(() => {
    for (const block of cells.current?.querySelectorAll('pre') ?? []) {
      block.tabIndex = 0;
      // Code and its output read left to right in every language.
      block.dir = 'ltr';
    }
  }, [html]);

  if (notebook.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        {t('shell.loadingNotebook')}
      </p>
    );
  if (notebook.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-dashed px-4 py-8">
        <p>{t('shell.notebookFailed')}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => notebook.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(notebook.data.downloadUrl, 'notebook.ipynb');
    } catch {
      toast({ variant: 'destructive', title: t('shell.downloadFailed'), description: t('common.pleaseTryAgain') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={download} disabled={isDownloading}>
          <Download aria-hidden="true" />
          {t('shell.downloadNotebook')}
        </Button>
      </div>
      {html ? (
        <div
          ref={cells}
          dir="auto"
          className="rich-text notebook max-w-3xl"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn by the server with the notebook allowlist and sanitized again here
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p className="rounded-xl border border-dashed py-12 text-center text-muted-foreground">{t('shell.notebookEmpty')}</p>
      )}
    </div>
  );
}
