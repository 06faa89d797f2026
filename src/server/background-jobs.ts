import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client';
import { sendCreatorInviteMail } from './lib/creator-invites';
import { isRunDue } from './lib/jobs/job-schedule';
import type { JobHandlers } from './lib/jobs/job-worker';
import { queueOwedRefunds, retryRefund } from './lib/payments/refund-retry';
import { sendReceiptMail } from './lib/purchases';
import { purgeExpired } from './lib/purge';
import { recipientLocale } from './lib/recipient-locale';
import { runScheduledTransfers } from './lib/stripe-transfers';
import { sendUnlockedMail, sweepUnlocks } from './lib/unlock-notices';
import { emailChangedNoticeMail } from './modules/account/account.mail';
import { sendEmailConfirmMail } from './modules/account/account.service';
import { sendPasswordResetMail } from './modules/auth/auth.service';
import { queueThreadDigests, sendThreadAnsweredMail, sendThreadDigestMail } from './modules/discussions/discussions.mail';
import { sendPayoutDetailsChangedMail } from './modules/earnings/payout-details.service';

/**
 * What each kind of job does in this app (ADR 0037), composed here because the work belongs to several
 * modules. A handler that throws is tried again later; one that finds nothing left to do returns.
 */
export function backgroundJobHandlers(app: FastifyInstance, db: Db): JobHandlers {
  const { config } = app;
  const publicUrl = config.publicUrl;
  return {
    'mail.receipt': ({ paymentId, kind }) => sendReceiptMail({ db, mailer: app.mailer, publicUrl, paymentId, kind }),
    'mail.password-reset': ({ email }) => sendPasswordResetMail({ db, mailer: app.mailer, publicUrl, now: app.clock(), email }),
    'mail.email-confirm': ({ emailChangeId }) =>
      sendEmailConfirmMail({ db, mailer: app.mailer, publicUrl, now: app.clock(), emailChangeId }),
    'mail.email-changed': (notice) =>
      app.mailer.send(emailChangedNoticeMail({ ...notice, locale: recipientLocale(notice.locale) })),
    'mail.creator-invite': ({ invitationId, code }) =>
      sendCreatorInviteMail({ db, mailer: app.mailer, publicUrl, invitationId, code }),
    'mail.payout-details-changed': (notice) => sendPayoutDetailsChangedMail({ db, mailer: app.mailer, publicUrl, notice }),
    purge: async (run) => {
      if (!isRunDue(run, app.clock())) return;
      const deleted = await purgeExpired({ db, store: app.objectStore, retention: config.retention, now: app.clock() });
      app.log.info(
        { deleted },
        'purged expired sessions, reset tokens, rate-limit windows, uploads, attempts, payments and jobs',
      );
    },
    'payment.refund': ({ paymentId }) =>
      retryRefund({ db, provider: app.payments, log: app.log, metrics: app.metrics, paymentId }),
    'refund-retry': async (run) => {
      if (!isRunDue(run, app.clock())) return;
      const queued = await queueOwedRefunds({ db, provider: app.payments, jobs: app.jobs });
      if (queued > 0) app.log.warn({ queued }, 'refunds still owed without a retry under way were queued again');
    },
    payouts: async (run) => {
      if (!isRunDue(run, app.clock())) return;
      const outcomes = await runScheduledTransfers({ db, provider: app.payments, log: app.log, now: app.clock() });
      app.log.info({ outcomes }, 'scheduled Stripe transfers');
    },
    'mail.thread-answered': ({ threadId }) => sendThreadAnsweredMail({ db, mailer: app.mailer, publicUrl, threadId }),
    'mail.thread-digest': ({ creatorId, from, to }) =>
      sendThreadDigestMail({ db, mailer: app.mailer, publicUrl, creatorId, from, to }),
    'thread-digest': async (run) => {
      if (!isRunDue(run, app.clock())) return;
      const queued = await queueThreadDigests({ db, jobs: app.jobs, run });
      app.log.info({ queued }, 'queued the Q&A digests of creators asked something the day before');
    },
    'mail.unlocked': (part) => sendUnlockedMail({ db, mailer: app.mailer, publicUrl, part }),
    unlocks: async (run) => {
      if (!isRunDue(run, app.clock())) return;
      const queued = await sweepUnlocks({ db, jobs: app.jobs, now: app.clock() });
      if (queued > 0) app.log.info({ queued }, 'paced parts opened: mails queued');
    },
  };
}
