import { Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { t } from '#web/lib/i18n/t';
import { type PostRef, useDeletePost } from '../api/delete-post';

/**
 * Delete a question (with its replies) or a reply, once confirmed; the list drops it when the server has.
 * Its button goes with it, so the focus goes where `focusAfter` puts it rather than to the page's body.
 */
export function DeleteButton({
  post,
  author,
  onDeleted,
  focusAfter,
}: {
  post: PostRef;
  /** The name of the post's author, which names the post to a screen reader. */
  author: string;
  onDeleted: () => void;
  focusAfter: () => void;
}) {
  const remove = useDeletePost();
  const isDeleted = useRef(false);
  const isThread = post.kind === 'thread';
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={
            isThread ? t('discussions.deleteQuestionOf', { name: author }) : t('discussions.deleteReplyOf', { name: author })
          }
        >
          <Trash2 aria-hidden="true" />
          {t('discussions.delete')}
        </Button>
      }
      title={isThread ? t('discussions.deleteQuestionTitle') : t('discussions.deleteReplyTitle')}
      description={isThread ? t('discussions.deleteQuestionText') : t('discussions.deleteReplyText')}
      confirmLabel={t('discussions.delete')}
      onCloseAutoFocus={(event) => {
        if (isDeleted.current) event.preventDefault();
      }}
      errorFallback={t('discussions.deleteFailed')}
      onConfirm={async () => {
        await remove.mutateAsync(post);
        isDeleted.current = true;
        onDeleted();
        // Once the list has dropped it (and the dialog has closed).
        setTimeout(focusAfter);
        toast({ title: isThread ? t('discussions.questionDeleted') : t('discussions.replyDeleted') });
      }}
    />
  );
}
