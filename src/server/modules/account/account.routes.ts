import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import {
  AccountSessionListSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ConfirmEmailBodySchema,
  ConfirmEmailResponseSchema,
  DeleteAccountBodySchema,
  SignedOutResponseSchema,
  UpdateMeBodySchema,
} from '#shared/schemas/account';
import { MessageResponseSchema, UserSchema } from '#shared/schemas/auth';
import { requireUser } from '../../plugins/current-user';
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  listSessions,
  requestEmailChange,
  revokeOtherSessions,
  revokeSession,
  updateMe,
} from './account.service';

const TAGS = ['account'];
const BEARER = [{ bearerAuth: [] }];
/** Error statuses every JSON-body route can answer, besides its own. */
const bodyErrors = { 400: ApiErrorBodySchema, 413: ApiErrorBodySchema, 415: ApiErrorBodySchema, 429: ApiErrorBodySchema };
const signedIn = { 401: ApiErrorBodySchema };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/auth/me',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the name (the one certificates issued from now on print) or the saved language',
        description:
          '`locale` (en, es, de, ar, or null to forget it) is the language of pages without a `locale` cookie, and of mails, receipts and certificates.',
        security: BEARER,
        body: UpdateMeBodySchema,
        response: { 200: UserSchema, ...signedIn, ...bodyErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return updateMe({ db: app.db, userId: user.id, changes: request.body });
    },
  );

  app.post(
    '/api/auth/password',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the password while signed in',
        description:
          'Needs the current password; signs out every other session of the account. Wrong passwords are rate limited per account.',
        security: BEARER,
        body: ChangePasswordBodySchema,
        response: { 200: MessageResponseSchema, ...signedIn, ...bodyErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return changePassword({
        db: app.db,
        config: app.config,
        userId: user.id,
        sessionId: user.sessionId,
        now: app.clock(),
        ...request.body,
      });
    },
  );

  app.post(
    '/api/account/email',
    {
      schema: {
        tags: TAGS,
        summary: 'Ask to change the email address',
        description:
          'Needs the current password. Mails a single-use link (24 hours) to the new address; the email changes only when it is opened. Rate limited per account.',
        security: BEARER,
        body: ChangeEmailBodySchema,
        response: { 200: MessageResponseSchema, 409: ApiErrorBodySchema, ...signedIn, ...bodyErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return requestEmailChange({
        db: app.db,
        config: app.config,
        jobs: app.jobs,
        userId: user.id,
        now: app.clock(),
        ...request.body,
      });
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      schema: {
        tags: TAGS,
        summary: 'Use an email change link',
        description: 'No session needed: the token from the mail is the proof. Single use; rate limited per IP.',
        body: ConfirmEmailBodySchema,
        response: { 200: ConfirmEmailResponseSchema, 409: ApiErrorBodySchema, ...bodyErrors },
      },
    },
    async (request) => {
      return confirmEmailChange({
        db: app.db,
        config: app.config,
        jobs: app.jobs,
        ip: request.ip,
        now: app.clock(),
        token: request.body.token,
      });
    },
  );

  app.get(
    '/api/account/sessions',
    {
      schema: {
        tags: TAGS,
        summary: "The signed-in user's live sessions",
        security: BEARER,
        response: { 200: AccountSessionListSchema, ...signedIn },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      // This process's unwritten stamps first, so the list is as fresh as it can be.
      await app.sessionActivity
        .flush()
        .catch((error: unknown) => request.log.warn({ err: error }, 'session activity flush failed'));
      return listSessions({ db: app.db, userId: user.id, sessionId: user.sessionId, now: app.clock() });
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign out one session of the signed-in user',
        description: "Another user's session id answers 404, like one that does not exist.",
        security: BEARER,
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: MessageResponseSchema, 404: ApiErrorBodySchema, ...signedIn },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return revokeSession({ db: app.db, userId: user.id, targetId: request.params.id, now: app.clock() });
    },
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign out every other session of the signed-in user',
        security: BEARER,
        response: { 200: SignedOutResponseSchema, ...signedIn, ...bodyErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return revokeOtherSessions({ db: app.db, userId: user.id, sessionId: user.sessionId, now: app.clock() });
    },
  );

  app.post(
    '/api/account/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete the signed-in account',
        description:
          'Needs the current password. Deletes certificates, enrollments, progress, reviews and sessions; keeps payment records without name or email. A creator whose courses have students, or with a published course, gets 409.',
        security: BEARER,
        body: DeleteAccountBodySchema,
        response: { 200: MessageResponseSchema, 409: ApiErrorBodySchema, ...signedIn, ...bodyErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { work, message } = await deleteAccount({
        db: app.db,
        config: app.config,
        objectStore: app.objectStore,
        log: request.log,
        userId: user.id,
        now: app.clock(),
        currentPassword: request.body.currentPassword,
      });
      app.background.add(work);
      return { message };
    },
  );
};
