import { Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { type PostRef, useDeletePost } from '../api/delete-post';

/**
 * Delete a question (with its replies) or a reply, once confirmed; the list drops it when the server has.
 * Its button goes with it, so the focus goes where `focusAfter` puts it rather than to the page's body.
 */
export function DeleteButton({
  post,
  what,
  onDeleted,
  focusAfter,
}: {
  post: PostRef;
  what: string;
  onDeleted: () => void;
  focusAfter: () => void;
}) {
  const remove = useDeletePost();
  const isDeleted = useRef(false);
  const isThread = post.kind === 'thread';
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${what}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={isThread ? 'Delete this question?' : 'Delete this reply?'}
      description={isThread ? 'The question and all its replies are deleted for everyone.' : 'The reply is deleted for everyone.'}
      confirmLabel="Delete"
      onCloseAutoFocus={(event) => {
        if (isDeleted.current) event.preventDefault();
      }}
      errorFallback="It could not be deleted. Check your connection and try again."
      onConfirm={async () => {
        await remove.mutateAsync(post);
        isDeleted.current = true;
        onDeleted();
        // Once the list has dropped it (and the dialog has closed).
        setTimeout(focusAfter);
        toast({ title: isThread ? 'Question deleted' : 'Reply deleted' });
      }}
    />
  );
}
