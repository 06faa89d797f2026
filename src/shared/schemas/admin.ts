import { z } from 'zod';
import { paymentStatuses, payoutMethods, refundReasons, userRoles } from '../lists';
import { EmailSchema } from './auth';
import { CourseModerationSchema } from './creator';
import { reportDay } from './earnings';
import { PAYOUT_REFERENCE_MAX, PayoutAmountSchema, PayoutSchema } from './payouts';
import { multiLineText, singleLineText } from './text';

/*
 * The admin console's API (docs/product.md, Accounts and access; issue 24 §6): routes under /api/admin/*, for admins
 * only. Lists answer `{ items, nextCursor }` (limit ≤ 100, default 20); money is a string with two
 * decimals; every action is written to the audit log.
 */

export const ADMIN_PAGE_MAX = 100;

/** Every admin action, as the audit log names it. */
export const adminActions = [
  'user.suspend',
  'user.unsuspend',
  'invitation.create',
  'invitation.revoke',
  'course.unpublish',
  'review.hide',
  'review.unhide',
  'payment.refund',
  'coupon.create',
  'coupon.delete',
  'payout.record',
  'thread.hide',
  'thread.unhide',
  'thread.delete',
  'reply.hide',
  'reply.unhide',
  'reply.delete',
  'certificate.revoke',
] as const;
export type AdminAction = (typeof adminActions)[number];
export const adminTargetTypes = [
  'user',
  'invitation',
  'course',
  'review',
  'payment',
  'coupon',
  'payout',
  'thread',
  'reply',
  'certificate',
] as const;
export type AdminTargetType = (typeof adminTargetTypes)[number];

const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(20),
  cursor: singleLineText({ max: 500 }).optional(),
});

/** A list's page: `nextCursor` is null on the last one. */
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** Search text: matched anywhere in the field, case-insensitively. */
const SearchSchema = singleLineText({ max: 200 }).optional();

export const AdminIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

// Users.

export const AdminUserListQuerySchema = PageQuerySchema.extend({
  /** Part of the name or the email. */
  q: SearchSchema,
  role: z.enum(userRoles).optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(userRoles),
  createdAt: z.string(),
  /** When an admin suspended the account; null while it is active. */
  suspendedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserListSchema = page(AdminUserSchema);
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

// Creators and invitations.

export const AdminCreatorListQuerySchema = PageQuerySchema.extend({ q: SearchSchema });
export type AdminCreatorListQuery = z.infer<typeof AdminCreatorListQuerySchema>;

export const AdminCreatorSchema = AdminUserSchema.omit({ role: true }).extend({
  courseCount: z.number().int(),
  /** On sale: published and not archived. */
  publishedCount: z.number().int(),
  /** Enrollments over all their courses. */
  enrollmentCount: z.number().int(),
});
export type AdminCreator = z.infer<typeof AdminCreatorSchema>;
export const AdminCreatorListSchema = page(AdminCreatorSchema);
export type AdminCreatorList = z.infer<typeof AdminCreatorListSchema>;

export const invitationStatuses = ['pending', 'used', 'revoked'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const AdminInvitationListQuerySchema = PageQuerySchema.extend({ status: z.enum(invitationStatuses).optional() });
export type AdminInvitationListQuery = z.infer<typeof AdminInvitationListQuerySchema>;

export const AdminInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(invitationStatuses),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  /** The account that signed up with it, while that account exists. */
  usedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  revokedAt: z.string().nullable(),
});
export type AdminInvitation = z.infer<typeof AdminInvitationSchema>;
export const AdminInvitationListSchema = page(AdminInvitationSchema);
export type AdminInvitationList = z.infer<typeof AdminInvitationListSchema>;

export const CreateInvitationBodySchema = z.object({ email: EmailSchema });
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;

/** The new invitation and its sign-up link (the single-use code is in it), which is mailed too. */
export const CreatedInvitationSchema = z.object({
  invitation: AdminInvitationSchema,
  link: z.string(),
  /**
   * True: the mail was queued with the invitation and goes out within moments, retried while the mail
   * server cannot be reached (ADR 0037). False is kept for clients of the time when it was sent during the request.
   */
  isMailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof CreatedInvitationSchema>;

// Courses.

export const adminCourseStatuses = ['published', 'draft', 'archived'] as const;
export type AdminCourseStatus = (typeof adminCourseStatuses)[number];

export const AdminCourseListQuerySchema = PageQuerySchema.extend({
  /** Part of the title. */
  q: SearchSchema,
  status: z.enum(adminCourseStatuses).optional(),
});
export type AdminCourseListQuery = z.infer<typeof AdminCourseListQuerySchema>;

export const UNPUBLISH_REASON_MAX = 500;

export const AdminCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Archived wins over published: an archived course is out of the marketplace either way. */
  status: z.enum(adminCourseStatuses),
  published: z.boolean(),
  archived: z.boolean(),
  price: z.string(),
  studentCount: z.number().int(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  moderation: CourseModerationSchema.nullable(),
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;
export const AdminCourseListSchema = page(AdminCourseSchema);
export type AdminCourseList = z.infer<typeof AdminCourseListSchema>;

export const UnpublishCourseBodySchema = z.object({
  /** Plain text: shown to the creator as text, never as HTML. */
  reason: multiLineText({ max: UNPUBLISH_REASON_MAX }).min(1, { message: 'Give the creator a reason' }),
});
export type UnpublishCourseBody = z.infer<typeof UnpublishCourseBodySchema>;

export const REVOKE_REASON_MAX = 500;
/** Revoking a certificate: the reason is shown on its public verification page. */
export const RevokeCertificateBodySchema = z.object({
  reason: singleLineText({ max: REVOKE_REASON_MAX }).min(1, { message: 'Say why the certificate is revoked' }),
});
export type RevokeCertificateBody = z.infer<typeof RevokeCertificateBodySchema>;

// Reported reviews.

export const AdminReviewListQuerySchema = PageQuerySchema.extend({
  /** Reported reviews still shown, or those already hidden; both when absent. */
  state: z.enum(['visible', 'hidden']).optional(),
});
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuerySchema>;

export const AdminReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  body: z.string(),
  /** How many people reported it. */
  reportCount: z.number().int(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  createdAt: z.string(),
  course: z.object({ id: z.string(), title: z.string() }),
  user: z.object({ id: z.string(), name: z.string() }),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewListSchema = page(AdminReviewSchema);
export type AdminReviewList = z.infer<typeof AdminReviewListSchema>;

export const AdminReviewHiddenSchema = z.object({ id: z.string(), hidden: z.boolean() });

// Payments.

export const AdminPaymentListQuerySchema = PageQuerySchema.extend({ status: z.enum(paymentStatuses).optional() });
export type AdminPaymentListQuery = z.infer<typeof AdminPaymentListQuerySchema>;

export const AdminPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(paymentStatuses),
  /** What was (or is to be) charged. */
  amount: z.string(),
  /** The course's price at the time, before a coupon. */
  price: z.string(),
  currency: z.string(),
  provider: z.enum(['stripe', 'test']),
  couponCode: z.string().nullable(),
  refundReason: z.enum(refundReasons).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  course: z.object({ id: z.string(), title: z.string() }),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** Succeeded, through the provider this server runs: an admin may refund it. */
  isRefundable: z.boolean(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
export const AdminPaymentListSchema = page(AdminPaymentSchema);
export type AdminPaymentList = z.infer<typeof AdminPaymentListSchema>;

// Revenue.

export const AdminRevenueQuerySchema = z
  .object({
    from: reportDay('from', '2026-11-01').optional(),
    to: reportDay('to', '2026-11-30').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AdminRevenueQuery = z.infer<typeof AdminRevenueQuerySchema>;

/**
 * The platform's figures from the ledger: `gross` paid by buyers, `refunds` paid back, `fees` the
 * platform keeps (refunded sales return theirs), `creatorShare` what creators keep. gross − refunds =
 * fees + creatorShare.
 */
const RevenueFiguresSchema = z.object({
  gross: z.string(),
  refunds: z.string(),
  fees: z.string(),
  creatorShare: z.string(),
  sales: z.number().int(),
  refundCount: z.number().int(),
});
export const AdminRevenueSchema = RevenueFiguresSchema.extend({
  currency: z.literal('usd'),
  /** Calendar months, UTC, newest first ("2026-11"). */
  byMonth: z.array(RevenueFiguresSchema.extend({ month: z.string() })),
});
export type AdminRevenue = z.infer<typeof AdminRevenueSchema>;

// Payouts.

export const AdminPayoutBalanceListQuerySchema = PageQuerySchema;
export type AdminPayoutBalanceListQuery = z.infer<typeof AdminPayoutBalanceListQuerySchema>;

/** A creator with money to pay out: the net of their sales past the 30-day refund window, less payouts. */
export const AdminPayoutBalanceSchema = z.object({
  id: z.string(),
  creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  available: z.string(),
  paidOut: z.string(),
  /** When their last payout was paid; null before the first. */
  lastPaidAt: z.string().nullable(),
  /**
   * How they are paid: `manual`, a bank transfer an admin records here; `stripe` when the server runs
   * Stripe and their connected account can receive transfers (onboarding finished: Stripe transfers pay them; recording one is refused).
   */
  paidBy: z.enum(payoutMethods),
  /** Where the creator asked to be paid by bank transfer (PUT /api/creator/payouts/details); null until they say. */
  payoutDetails: z.string().nullable(),
});
export type AdminPayoutBalance = z.infer<typeof AdminPayoutBalanceSchema>;
export const AdminPayoutBalanceListSchema = page(AdminPayoutBalanceSchema);
export type AdminPayoutBalanceList = z.infer<typeof AdminPayoutBalanceListSchema>;

export const AdminPayoutListQuerySchema = PageQuerySchema.extend({
  /** One creator's payouts only. */
  creatorId: z.string().min(1).max(100).optional(),
});
export type AdminPayoutListQuery = z.infer<typeof AdminPayoutListQuerySchema>;

export const AdminPayoutSchema = PayoutSchema.extend({
  creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The admin who recorded it; null for a transfer the schedule made. */
  recordedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;
export const AdminPayoutListSchema = page(AdminPayoutSchema);
export type AdminPayoutList = z.infer<typeof AdminPayoutListSchema>;

/** A bank transfer the admin made, recorded as paid: at most the creator's available balance. */
export const RecordPayoutBodySchema = z.object({
  creatorId: z.string().min(1).max(100),
  amount: PayoutAmountSchema,
  /** The transfer's reference at the bank, so it can be found again. */
  reference: singleLineText({ max: PAYOUT_REFERENCE_MAX }).min(1, { message: 'Give the bank transfer’s reference' }),
});
export type RecordPayoutBody = z.input<typeof RecordPayoutBodySchema>;

// Audit log.

export const AdminAuditListQuerySchema = PageQuerySchema.extend({ action: z.enum(adminActions).optional() });
export type AdminAuditListQuery = z.infer<typeof AdminAuditListQuerySchema>;

export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(adminActions),
  targetType: z.enum(adminTargetTypes),
  targetId: z.string(),
  /** What the action was about (a reason, an email, an amount), as it was then. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
  admin: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export const AdminAuditListSchema = page(AdminAuditEntrySchema);
export type AdminAuditList = z.infer<typeof AdminAuditListSchema>;
