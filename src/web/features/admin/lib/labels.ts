import { formatDay } from '#shared/format';
import type { PaymentStatus, PayoutStatus } from '#shared/lists';
import type { AdminAction, AdminCourseStatus, InvitationStatus } from '#shared/schemas/admin';

/** What each kind of admin action reads as in the audit log. */
export const ACTION_LABELS: Record<AdminAction, string> = {
  'user.suspend': 'Suspended a user',
  'user.unsuspend': 'Lifted a suspension',
  'invitation.create': 'Invited a creator',
  'invitation.revoke': 'Revoked an invitation',
  'course.unpublish': 'Unpublished a course',
  'review.hide': 'Hid a review',
  'review.unhide': 'Showed a review again',
  'payment.refund': 'Refunded a payment',
  'coupon.create': 'Made a site-wide coupon',
  'coupon.delete': 'Stopped a site-wide coupon',
  'payout.record': 'Recorded a payout',
  'thread.hide': 'Hid a question',
  'thread.unhide': 'Showed a question again',
  'thread.delete': 'Deleted a question',
  'reply.hide': 'Hid a reply',
  'reply.unhide': 'Showed a reply again',
  'reply.delete': 'Deleted a reply',
  'certificate.revoke': 'Revoked a certificate',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  requires_payment_method: 'Awaiting card',
  processing: 'Processing',
  succeeded: 'Paid',
  canceled: 'Canceled',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

export const COURSE_STATUS_LABELS: Record<AdminCourseStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  archived: 'Archived',
};

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Pending',
  used: 'Used',
  revoked: 'Revoked',
};

/** "Nov 26, 2026" */
export const day = (iso: string) => formatDay(new Date(iso));

/** "Nov 26, 2026, 14:05" in the viewer's time zone. */
export function dayAndTime(iso: string): string {
  const date = new Date(iso);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDay(date)}, ${time}`;
}
