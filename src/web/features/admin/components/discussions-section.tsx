import { Eye, EyeOff, Flag, MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '#shared/format';
import type { AdminDiscussionReport } from '#shared/schemas/discussions';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useReportedDiscussions, useSetDiscussionHidden } from '../api/discussions';
import { day } from '../lib/labels';
import { PagedListView, Row, RowList } from './paged-list-view';

const noun = (post: AdminDiscussionReport) => (post.kind === 'thread' ? 'question' : 'reply');

/** As for reviews, hiding is undone as easily (Show again), so it asks no confirmation. */
function HiddenToggle({ post }: { post: AdminDiscussionReport }) {
  const toggle = useSetDiscussionHidden();
  const isHiding = !post.hidden;
  const what = noun(post);
  return (
    <Button
      variant={isHiding ? 'destructive' : 'outline'}
      size="sm"
      aria-label={`${isHiding ? 'Hide' : 'Show again'} ${post.user.name}’s ${what} in ${post.course.title}`}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { kind: post.kind, id: post.id, isHidden: isHiding },
          {
            onSuccess: () =>
              toast({
                variant: 'success',
                title: isHiding ? `The ${what} is hidden` : `The ${what} shows again`,
                description: isHiding ? 'Students and the creator no longer see it.' : 'Students and the creator see it again.',
              }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'That did not work',
                description: getErrorMessage(error, 'Check your connection and try again.'),
              }),
          },
        )
      }
    >
      {toggle.isPending ? <Spinner /> : isHiding ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {isHiding ? 'Hide' : 'Show again'}
    </Button>
  );
}

/** Lesson questions and replies people reported, most reported first: read, hide, show again, or open where they were asked. */
export function DiscussionsSection() {
  const list = useReportedDiscussions();
  return (
    <section aria-labelledby="admin-discussions-heading">
      <h2 id="admin-discussions-heading" className="mb-4 text-xl font-semibold">
        Reported questions
      </h2>
      <PagedListView
        list={list}
        what="reported questions"
        empty={{
          icon: MessageSquareWarning,
          title: 'No reported questions',
          text: 'Questions and replies under slides that people report show here.',
        }}
      >
        {(posts) => (
          <RowList label="Reported questions and replies">
            {posts.map((post) => (
              <Row key={`${post.kind}:${post.id}`} actions={<HiddenToggle post={post} />}>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="outline" className="capitalize">
                    {noun(post)}
                  </Badge>
                  <span className="font-medium wrap-anywhere">{post.course.title}</span>
                  <Badge variant="warning">
                    <Flag aria-hidden="true" />
                    {formatCount(post.reportCount)} {post.reportCount === 1 ? 'report' : 'reports'}
                  </Badge>
                  {post.hidden ? <Badge variant="secondary">Hidden</Badge> : null}
                </p>
                <p className="text-sm whitespace-pre-wrap wrap-anywhere">{post.body}</p>
                {post.reasons.length > 0 ? (
                  <ul aria-label="Reasons given" className="grid gap-0.5 text-xs text-muted-foreground">
                    {post.reasons.map((reason, index) => (
                      // Reasons have no id and may repeat; their order is the server's (newest first).
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <li key={index} className="wrap-anywhere">
                        “{reason}”
                      </li>
                    ))}
                  </ul>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  by {post.user.name} · last reported {day(post.lastReportedAt)} ·{' '}
                  <Link
                    to={`${paths.course.learnItem.getHref(post.course.id, post.lessonId)}#thread-${encodeURIComponent(post.threadId)}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Where it was asked
                  </Link>
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
