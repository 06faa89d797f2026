import { ArrowBigUp } from 'lucide-react';
import { useState } from 'react';
import type { Thread, ThreadUpvote } from '#shared/schemas/discussions';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { useUpvoteThread } from '../api/upvote-thread';

type Vote = Pick<ThreadUpvote, 'upvotes' | 'upvoted'>;

/**
 * "This helps me too": pressed once the viewer upvoted. The press shows at once and is taken back if
 * the server refuses it. The thread's author sees the count only.
 */
export function UpvoteButton({
  thread,
  canVote,
  onVoted,
}: {
  thread: Thread;
  canVote: boolean;
  onVoted: (vote: ThreadUpvote) => void;
}) {
  const upvote = useUpvoteThread();
  // The vote shown before the server has answered; cleared once it has (the thread then carries it).
  const [pending, setPending] = useState<Vote | null>(null);
  const shown: Vote = pending ?? thread;
  const count = t('discussions.upvotes', { count: shown.upvotes, formatted: formatCount(shown.upvotes) });
  if (!canVote) {
    return (
      <p className="flex items-center gap-1 px-2 text-sm text-muted-foreground">
        <ArrowBigUp className="size-4" aria-hidden="true" />
        {count}
      </p>
    );
  }
  const toggle = () => {
    // Not disabled while it is sent: a disabled button would drop the keyboard's focus.
    if (upvote.isPending) return;
    const isUpvoted = !shown.upvoted;
    setPending({ upvoted: isUpvoted, upvotes: Math.max(0, shown.upvotes + (isUpvoted ? 1 : -1)) });
    upvote.mutate(
      { threadId: thread.id, isUpvoted },
      {
        onSuccess: (vote) => onVoted(vote),
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: t('discussions.voteNotSaved'),
            description: getErrorMessage(failure, t('discussions.tryAgain')),
          }),
        onSettled: () => setPending(null),
      },
    );
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={shown.upvoted}
      aria-label={t('discussions.upvoteLabel', { votes: count })}
      onClick={toggle}
      className="aria-pressed:bg-primary/10 aria-pressed:text-primary dark:aria-pressed:bg-primary/20"
    >
      <ArrowBigUp aria-hidden="true" className={cn(shown.upvoted && 'fill-current')} />
      <span aria-hidden="true" className="tabular-nums">
        {formatCount(shown.upvotes)}
      </span>
    </Button>
  );
}
