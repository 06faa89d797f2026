import { CheckCircle2, MessageSquareReply } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import type { Thread, ThreadReply } from '#shared/schemas/discussions';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { usePostReply } from '../api/post-reply';
import { BodyForm } from './body-form';
import { DeleteButton } from './delete-button';
import { PostTime } from './post-time';
import { ReportButton } from './report-button';
import { UpvoteButton } from './upvote-button';

/** Who is looking: what they may do to each post (the server checks it again). */
export type Viewer = {
  id: string | null;
  isAdmin: boolean;
  /** The creator of the course the thread is in, when known. */
  creatorIdOf: (thread: Thread) => string | null;
};

export const threadElementId = (threadId: string) => `thread-${threadId}`;

function InstructorBadge() {
  return <Badge variant="info">{t('discussions.instructor')}</Badge>;
}

/** A post's text as the author typed it: plain text, its line breaks and spaces kept, never HTML. */
function PostBody({ body }: { body: string }) {
  return <p className="whitespace-pre-wrap wrap-anywhere">{body}</p>;
}

/**
 * One question: who asked and when, the text, upvotes, whether the instructor answered, the replies
 * oldest first, and what the viewer may do: reply, report, delete (its author, the course's creator, an admin).
 */
export function ThreadItem({
  thread,
  viewer,
  isHighlighted = false,
  isReplyFormOpen = false,
  context,
  onChange,
  focusList,
}: {
  thread: Thread;
  viewer: Viewer;
  isHighlighted?: boolean;
  /** The creator's inbox shows the reply form at once. */
  isReplyFormOpen?: boolean;
  /** Where it was asked, in the creator's inbox. */
  context?: ReactNode;
  onChange: (change: (thread: Thread) => Thread | null) => void;
  focusList: () => void;
}) {
  const [isReplying, setReplying] = useState(isReplyFormOpen);
  const reply = usePostReply();
  const element = useRef<HTMLLIElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const creatorId = viewer.creatorIdOf(thread);
  const isCreator = viewer.id !== null && viewer.id === creatorId;
  const isMine = viewer.id === thread.user.id;
  const canDelete = (authorId: string) => viewer.id === authorId || isCreator || viewer.isAdmin;
  const name = thread.user.name;
  const question = t('discussions.questionOf', { name });

  const sendReply = async (body: string) => {
    const posted = await reply.mutateAsync({ threadId: thread.id, body });
    onChange((current) => ({
      ...current,
      answered: current.answered || posted.instructor,
      replies: [...current.replies, posted],
    }));
  };
  // As the server counts it: answered while a reply of the creator's is left.
  const removeReply = (replyId: string) =>
    onChange((current) => {
      const replies = current.replies.filter((candidate) => candidate.id !== replyId);
      return { ...current, replies, answered: replies.some((candidate) => candidate.instructor) };
    });

  return (
    <li
      ref={element}
      id={threadElementId(thread.id)}
      tabIndex={-1}
      aria-label={question}
      className={cn(
        'grid scroll-mt-4 gap-3 rounded-2xl border bg-card p-4 text-card-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-5',
        isHighlighted && 'border-primary ring-2 ring-primary/40',
      )}
    >
      {context}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="font-semibold wrap-anywhere">{thread.user.name}</p>
        {thread.user.id === creatorId ? <InstructorBadge /> : null}
        <PostTime iso={thread.createdAt} />
        {thread.answered ? (
          <Badge variant="success">
            <CheckCircle2 aria-hidden="true" />
            {t('discussions.answered')}
          </Badge>
        ) : null}
      </div>
      <PostBody body={thread.body} />
      <div className="-ms-2 flex flex-wrap items-center gap-1">
        <UpvoteButton
          thread={thread}
          canVote={!isMine && viewer.id !== null}
          onVoted={(vote) => onChange((current) => ({ ...current, upvotes: vote.upvotes, upvoted: vote.upvoted }))}
        />
        {isReplying ? null : (
          <Button
            ref={replyButton}
            variant="ghost"
            size="sm"
            aria-label={t('discussions.replyTo', { name })}
            onClick={() => setReplying(true)}
          >
            <MessageSquareReply aria-hidden="true" />
            {t('discussions.reply')}
          </Button>
        )}
        {isMine ? null : <ReportButton post={{ kind: 'thread', id: thread.id }} author={name} />}
        {canDelete(thread.user.id) ? (
          <DeleteButton
            post={{ kind: 'thread', id: thread.id }}
            author={name}
            onDeleted={() => onChange(() => null)}
            focusAfter={focusList}
          />
        ) : null}
      </div>
      {thread.replies.length > 0 ? (
        <ol aria-label={t('discussions.repliesTo', { name })} className="grid gap-3 border-s-2 ps-3 sm:ps-4">
          {thread.replies.map((answer) => (
            <ReplyItem
              key={answer.id}
              reply={answer}
              viewer={viewer}
              canDelete={canDelete(answer.user.id)}
              onDeleted={() => removeReply(answer.id)}
              focusThread={() => element.current?.focus()}
            />
          ))}
        </ol>
      ) : null}
      {isReplying ? (
        <BodyForm
          label={t('discussions.yourReplyTo', { name })}
          submitLabel={t('discussions.postReply')}
          autoFocus={!isReplyFormOpen}
          onSend={sendReply}
          onCancel={
            isReplyFormOpen
              ? undefined
              : () => {
                  setReplying(false);
                  setTimeout(() => replyButton.current?.focus());
                }
          }
        />
      ) : null}
    </li>
  );
}

function ReplyItem({
  reply,
  viewer,
  canDelete,
  onDeleted,
  focusThread,
}: {
  reply: ThreadReply;
  viewer: Viewer;
  canDelete: boolean;
  onDeleted: () => void;
  focusThread: () => void;
}) {
  return (
    <li className="grid gap-1.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-sm font-semibold wrap-anywhere">{reply.user.name}</p>
        {reply.instructor ? <InstructorBadge /> : null}
        <PostTime iso={reply.createdAt} />
      </div>
      <PostBody body={reply.body} />
      {viewer.id === reply.user.id && !canDelete ? null : (
        <div className="-ms-2 flex flex-wrap items-center gap-1">
          {viewer.id === reply.user.id ? null : <ReportButton post={{ kind: 'reply', id: reply.id }} author={reply.user.name} />}
          {canDelete ? (
            <DeleteButton
              post={{ kind: 'reply', id: reply.id }}
              author={reply.user.name}
              onDeleted={onDeleted}
              focusAfter={focusThread}
            />
          ) : null}
        </div>
      )}
    </li>
  );
}
