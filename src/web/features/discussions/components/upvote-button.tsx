import { ArrowBigUp } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from '#shared/format';
import type { Thread, ThreadUpvote } from '#shared/schemas/discussions';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
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
  const count = `${formatCount(shown.upvotes)} ${shown.upvotes === 1 ? 'upvote' : 'upvotes'}`;
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
          toast({ variant: 'destructive', title: 'Vote not saved', description: getErrorMessage(failure, 'Try again.') }),
        onSettled: () => setPending(null),
      },
    );
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={shown.upvoted}
      aria-label={`Upvote, ${count}`}
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
