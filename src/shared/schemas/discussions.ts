import { z } from 'zod';
import { multiLineText } from './text';

/*
 * Lesson Q&A (docs/product.md, Lesson Q&A): questions under a slide, replies, upvotes, reports. Bodies
 * are plain text; the page shows them as text, never as HTML.
 */

export const DISCUSSION_BODY_MAX = 5000;
export const THREADS_PAGE_MAX = 50;
export const THREADS_PAGE_DEFAULT = 20;

export const ThreadSortSchema = z.enum(['newest', 'top']);
export type ThreadSort = z.infer<typeof ThreadSortSchema>;

export const DiscussionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** `unanswered=true` keeps threads the course's creator has not replied to. */
export const ThreadListQuerySchema = z.object({
  sort: ThreadSortSchema.default('newest'),
  unanswered: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(THREADS_PAGE_MAX).default(THREADS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type ThreadListQuery = z.infer<typeof ThreadListQuerySchema>;

export const DiscussionBodyInputSchema = z.object({
  body: multiLineText({ max: DISCUSSION_BODY_MAX }).pipe(z.string().min(1, 'Write something first')),
});
export type DiscussionBodyInput = z.infer<typeof DiscussionBodyInputSchema>;

export const DiscussionReportInputSchema = z.object({ reason: multiLineText({ max: 500 }).optional() }).nullish();

const AuthorSchema = z.object({ id: z.string(), name: z.string() });

export const ThreadReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  user: AuthorSchema,
  /** Written by the course's creator. */
  instructor: z.boolean(),
  createdAt: z.string(),
});
export type ThreadReply = z.infer<typeof ThreadReplySchema>;

export const ThreadSchema = z.object({
  id: z.string(),
  body: z.string(),
  user: AuthorSchema,
  createdAt: z.string(),
  upvotes: z.number().int(),
  /** Whether the caller upvoted it. */
  upvoted: z.boolean(),
  /** The course's creator has replied. */
  answered: z.boolean(),
  /** Oldest first. */
  replies: z.array(ThreadReplySchema),
});
export type Thread = z.infer<typeof ThreadSchema>;

export const ThreadListSchema = z.object({ items: z.array(ThreadSchema), nextCursor: z.string().nullable() });
export type ThreadList = z.infer<typeof ThreadListSchema>;

/** The answer to an upvote or its withdrawal: the thread's count now, and the caller's vote. */
export const ThreadUpvoteSchema = z.object({ id: z.string(), upvotes: z.number().int(), upvoted: z.boolean() });
export type ThreadUpvote = z.infer<typeof ThreadUpvoteSchema>;

export const DiscussionReportedSchema = z.object({ reported: z.literal(true) });

/** A thread in its creator's inbox: where it was asked. */
export const CreatorThreadSchema = ThreadSchema.extend({
  course: z.object({ id: z.string(), title: z.string() }),
  lesson: z.object({ id: z.string(), title: z.string() }),
});
export type CreatorThread = z.infer<typeof CreatorThreadSchema>;

export const CreatorThreadListQuerySchema = ThreadListQuerySchema.omit({ sort: true });

export const CreatorThreadListSchema = z.object({
  items: z.array(CreatorThreadSchema),
  nextCursor: z.string().nullable(),
  /** Threads in all the creator's courses without a reply of theirs, whatever the page shows. */
  unansweredCount: z.number().int(),
});
export type CreatorThreadList = z.infer<typeof CreatorThreadListSchema>;

/** A reported thread or reply, for admins: most reported first. */
export const AdminDiscussionReportSchema = z.object({
  kind: z.enum(['thread', 'reply']),
  id: z.string(),
  body: z.string(),
  user: AuthorSchema,
  course: z.object({ id: z.string(), title: z.string() }),
  lessonId: z.string(),
  /** The thread itself, or the thread the reply is in. */
  threadId: z.string(),
  reportCount: z.number().int(),
  /** The reasons given, newest first (at most 5). */
  reasons: z.array(z.string()),
  hidden: z.boolean(),
  lastReportedAt: z.string(),
});
export type AdminDiscussionReport = z.infer<typeof AdminDiscussionReportSchema>;

export const AdminDiscussionReportListSchema = z.object({
  items: z.array(AdminDiscussionReportSchema),
  nextCursor: z.string().nullable(),
});

export const DiscussionHiddenInputSchema = z.object({ hidden: z.boolean() });
export const DiscussionHiddenSchema = z.object({ id: z.string(), hidden: z.boolean() });

/** GET /api/admin/discussions: a page of reported posts. */
export const AdminDiscussionReportListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(THREADS_PAGE_MAX).default(THREADS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
