import type { PaymentStatus, PayoutStatus } from '#shared/lists';
import type { AdminAction, AdminCourseStatus, AdminTargetType, InvitationStatus } from '#shared/schemas/admin';
import { formatDate, formatDay } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

/** What each kind of admin action reads as in the audit log. */
export function actionLabel(action: AdminAction): string {
  switch (action) {
    case 'user.suspend':
      return t('admin.actionUserSuspend');
    case 'user.unsuspend':
      return t('admin.actionUserUnsuspend');
    case 'invitation.create':
      return t('admin.actionInvitationCreate');
    case 'invitation.revoke':
      return t('admin.actionInvitationRevoke');
    case 'course.unpublish':
      return t('admin.actionCourseUnpublish');
    case 'review.hide':
      return t('admin.actionReviewHide');
    case 'review.unhide':
      return t('admin.actionReviewUnhide');
    case 'payment.refund':
      return t('admin.actionPaymentRefund');
    case 'coupon.create':
      return t('admin.actionCouponCreate');
    case 'coupon.delete':
      return t('admin.actionCouponDelete');
    case 'payout.record':
      return t('admin.actionPayoutRecord');
    case 'thread.hide':
      return t('admin.actionThreadHide');
    case 'thread.unhide':
      return t('admin.actionThreadUnhide');
    case 'thread.delete':
      return t('admin.actionThreadDelete');
    case 'reply.hide':
      return t('admin.actionReplyHide');
    case 'reply.unhide':
      return t('admin.actionReplyUnhide');
    case 'reply.delete':
      return t('admin.actionReplyDelete');
    case 'certificate.revoke':
      return t('admin.actionCertificateRevoke');
  }
}

export function paymentStatusLabel(status: PaymentStatus): string {
  switch (status) {
    case 'requires_payment_method':
      return t('admin.paymentAwaitingCard');
    case 'processing':
      return t('admin.paymentProcessing');
    case 'succeeded':
      return t('admin.paymentPaid');
    case 'canceled':
      return t('admin.paymentCanceled');
    case 'refund_pending':
      return t('admin.paymentRefundPending');
    case 'refunded':
      return t('admin.paymentRefunded');
  }
}

export function payoutStatusLabel(status: PayoutStatus): string {
  switch (status) {
    case 'pending':
      return t('admin.payoutPending');
    case 'paid':
      return t('admin.payoutPaid');
    case 'failed':
      return t('admin.payoutFailed');
    case 'reversed':
      return t('admin.payoutReversed');
  }
}

export const COURSE_STATUSES: readonly AdminCourseStatus[] = ['published', 'draft', 'archived'];

export function courseStatusLabel(status: AdminCourseStatus): string {
  switch (status) {
    case 'published':
      return t('admin.coursePublished');
    case 'draft':
      return t('admin.courseDraft');
    case 'archived':
      return t('admin.courseArchived');
  }
}

export const INVITATION_STATUSES: readonly InvitationStatus[] = ['pending', 'used', 'revoked'];

export function invitationStatusLabel(status: InvitationStatus): string {
  switch (status) {
    case 'pending':
      return t('admin.invitationPending');
    case 'used':
      return t('admin.invitationUsed');
    case 'revoked':
      return t('admin.invitationRevoked');
  }
}

/** What an audit entry was done to, as a word. */
export function targetLabel(target: AdminTargetType): string {
  switch (target) {
    case 'user':
      return t('admin.targetUser');
    case 'invitation':
      return t('admin.targetInvitation');
    case 'course':
      return t('admin.targetCourse');
    case 'review':
      return t('admin.targetReview');
    case 'payment':
      return t('admin.targetPayment');
    case 'coupon':
      return t('admin.targetCoupon');
    case 'payout':
      return t('admin.targetPayout');
    case 'thread':
      return t('admin.targetThread');
    case 'reply':
      return t('admin.targetReply');
    case 'certificate':
      return t('admin.targetCertificate');
  }
}

/**
 * The name of an audit entry's detail: the server's names are known words; one it adds later reads
 * as its own name split into words ("availableAfter" -> "available after").
 */
export function detailLabel(name: string): string {
  switch (name) {
    case 'amount':
      return t('admin.detailAmount');
    case 'buyerId':
      return t('admin.detailBuyerId');
    case 'courseId':
      return t('admin.detailCourseId');
    case 'code':
      return t('admin.detailCode');
    case 'percentOff':
      return t('admin.detailPercentOff');
    case 'amountOff':
      return t('admin.detailAmountOff');
    case 'expiresAt':
      return t('admin.detailExpiresAt');
    case 'maxRedemptions':
      return t('admin.detailMaxRedemptions');
    case 'creatorId':
      return t('admin.detailCreatorId');
    case 'reference':
      return t('admin.detailReference');
    case 'availableAfter':
      return t('admin.detailAvailableAfter');
    case 'payoutDetails':
      return t('admin.detailPayoutDetails');
    case 'title':
      return t('admin.detailTitle');
    case 'reason':
      return t('admin.detailReason');
    case 'reportCount':
      return t('admin.detailReportCount');
    case 'email':
      return t('admin.detailEmail');
    case 'revokedSessions':
      return t('admin.detailRevokedSessions');
    case 'studentName':
      return t('admin.detailStudentName');
    case 'courseTitle':
      return t('admin.detailCourseTitle');
    case 'lessonId':
      return t('admin.detailLessonId');
    case 'authorId':
      return t('admin.detailAuthorId');
    case 'threadId':
      return t('admin.detailThreadId');
    default:
      return name.replace(/([A-Z])/g, ' $1').toLowerCase();
  }
}

/** "Nov 26, 2026" */
export const day = (iso: string) => formatDay(new Date(iso));

/** "Nov 26, 2026, 14:05" in the viewer's time zone and language. */
export const dayAndTime = (iso: string): string =>
  formatDate(iso, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
