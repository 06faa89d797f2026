import { Eye, EyeOff, Flag, MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminDiscussionReport } from '#shared/schemas/discussions';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useReportedDiscussions, useSetDiscussionHidden } from '../api/discussions';
import { day } from '../lib/labels';
import { PagedListView, Row, RowList } from './paged-list-view';

const noun = (post: AdminDiscussionReport) => (post.kind === 'thread' ? t('admin.kindQuestion') : t('admin.kindReply'));

/** As for reviews, hiding is undone as easily (Show again), so it asks no confirmation. */
function HiddenToggle({ post }: { post: AdminDiscussionReport }) {
  const toggle = useSetDiscussionHidden();
  const isHiding = !post.hidden;
  const isQuestion = post.kind === 'thread';
  const who = { name: post.user.name, course: post.course.title };
  return (
    <Button
      variant={isHiding ? 'destructive' : 'outline'}
      size="sm"
      aria-label={
        isHiding
          ? isQuestion
            ? t('admin.hideQuestion', who)
            : t('admin.hideReply', who)
          : isQuestion
            ? t('admin.showQuestion', who)
            : t('admin.showReply', who)
      }
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { kind: post.kind, id: post.id, isHidden: isHiding },
          {
            onSuccess: () =>
              toast({
                variant: 'success',
                title: isHiding
                  ? isQuestion
                    ? t('admin.questionHidden')
                    : t('admin.replyHidden')
                  : isQuestion
                    ? t('admin.questionShown')
                    : t('admin.replyShown'),
                description: isHiding ? t('admin.postHiddenText') : t('admin.postShownText'),
              }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('admin.didNotWork'),
                description: getErrorMessage(error, t('admin.checkConnection')),
              }),
          },
        )
      }
    >
      {toggle.isPending ? <Spinner /> : isHiding ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {isHiding ? t('admin.hide') : t('admin.showAgain')}
    </Button>
  );
}

/** Lesson questions and replies people reported, most reported first: read, hide, show again, or open where they were asked. */
export function DiscussionsSection() {
  const list = useReportedDiscussions();
  return (
    <section aria-labelledby="admin-discussions-heading">
      <h2 id="admin-discussions-heading" className="mb-4 text-xl font-semibold">
        {t('admin.tabQuestions')}
      </h2>
      <PagedListView
        list={list}
        what="reported questions"
        texts={{ loading: t('admin.questionsLoading'), failed: t('admin.questionsFailed') }}
        empty={{
          icon: MessageSquareWarning,
          title: t('admin.noQuestions'),
          text: t('admin.noQuestionsText'),
        }}
      >
        {(posts) => (
          <RowList label={t('admin.questionsAndReplies')}>
            {posts.map((post) => (
              <Row key={`${post.kind}:${post.id}`} actions={<HiddenToggle post={post} />}>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="outline" className="capitalize">
                    {noun(post)}
                  </Badge>
                  <span className="font-medium wrap-anywhere">{post.course.title}</span>
                  <Badge variant="warning">
                    <Flag aria-hidden="true" />
                    {t('admin.reportCount', { count: post.reportCount })}
                  </Badge>
                  {post.hidden ? <Badge variant="secondary">{t('admin.hidden')}</Badge> : null}
                </p>
                <p className="text-sm whitespace-pre-wrap wrap-anywhere">{post.body}</p>
                {post.reasons.length > 0 ? (
                  <ul aria-label={t('admin.reasonsGiven')} className="grid gap-0.5 text-xs text-muted-foreground">
                    {post.reasons.map((reason, index) => (
                      // Reasons have no id and may repeat; their order is the server's (newest first).
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <li key={index} className="wrap-anywhere">
                        {t('admin.quotedReason', { reason })}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  {t('admin.byName', { name: post.user.name })} · {t('admin.lastReported', { day: day(post.lastReportedAt) })} ·{' '}
                  <Link
                    to={`${paths.course.learnItem.getHref(post.course.id, post.lessonId)}#thread-${encodeURIComponent(post.threadId)}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t('admin.whereAsked')}
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
