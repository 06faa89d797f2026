import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import {
  AuthResponseSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  MessageResponseSchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
  UserSchema,
} from '#shared/schemas/auth';
import { AppError } from '../../errors';
import { createBatcher } from '../../lib/batch';
import { hashToken } from '../../lib/tokens';
import { bearerToken, requireUser } from '../../plugins/current-user';
import { loggedOut, logIn, logOutMany, requestPasswordReset, resetPassword, signUp } from './auth.service';
import { createDeviceCookies, loadDeviceCookieSecret } from './device-cookie';

const TAGS = ['auth'];
const BEARER = [{ bearerAuth: [] }];

/** Error statuses every JSON-body route can answer, besides its own. */
const bodyErrors = { 400: ApiErrorBodySchema, 413: ApiErrorBodySchema, 415: ApiErrorBodySchema, 429: ApiErrorBodySchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deviceCookies = createDeviceCookies({
    secret: await loadDeviceCookieSecret(app.db),
    secure: app.config.publicUrl.startsWith('https:'),
  });
  const logOutBatched = createBatcher((requests: { tokenHash: string; now: number }[]) => logOutMany({ db: app.db, requests }));

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an account',
        description:
          'Role student (default) or creator; creator needs `inviteCode` (CREATOR_INVITE_CODE or a single-use invite). Rate limited per IP.',
        body: SignupBodySchema,
        response: { 201: AuthResponseSchema, 403: ApiErrorBodySchema, 409: ApiErrorBodySchema, ...bodyErrors },
      },
    },
    async (request, reply) => {
      const { auth, deviceCookie } = await signUp({
        db: app.db,
        config: app.config,
        ip: request.ip,
        now: app.clock(),
        ...request.body,
        device: { cookies: deviceCookies, cookieHeader: request.headers.cookie, userAgent: request.headers['user-agent'] },
      });
      return reply.code(201).header('set-cookie', deviceCookies.header(deviceCookie)).send(auth);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in with email and password',
        description:
          'Answers a bearer token, and sets the `ga_device` cookie (HttpOnly, path /api/auth) that marks this browser as one the account signed in from. Failed attempts are rate limited per IP and per email; a browser with that cookie, or an address the account signed in from before, has a ceiling of its own instead of the per-email one. The right password of a suspended account answers 403 with a message saying so.',
        body: LoginBodySchema,
        response: { 200: AuthResponseSchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, ...bodyErrors },
      },
    },
    async (request, reply) => {
      const { auth, deviceCookie } = await logIn({
        db: app.db,
        config: app.config,
        ip: request.ip,
        now: app.clock(),
        ...request.body,
        device: { cookies: deviceCookies, cookieHeader: request.headers.cookie, userAgent: request.headers['user-agent'] },
      });
      return reply.header('set-cookie', deviceCookies.header(deviceCookie)).send(auth);
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: {
        tags: TAGS,
        summary: 'The signed-in user',
        security: BEARER,
        response: { 200: UserSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const { id, email, name, role, locale } = await requireUser(request);
      return { id, email, name, role, locale };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'Revoke the current session token',
        security: BEARER,
        response: { 200: MessageResponseSchema, 401: ApiErrorBodySchema, ...bodyErrors },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token || token.length > 200) throw new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');
      return loggedOut(await logOutBatched({ tokenHash: hashToken(token), now: app.clock() }));
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Mail a password reset link',
        description: 'Same answer whether or not the account exists. Rate limited per email and per IP.',
        body: ForgotPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...bodyErrors },
      },
    },
    async (request) => {
      // The account is looked up, and the link made and mailed, by a job (ADR 0037), so the answer's timing says nothing about it.
      return requestPasswordReset({
        db: app.db,
        config: app.config,
        jobs: app.jobs,
        ip: request.ip,
        now: app.clock(),
        email: request.body.email,
      });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Set a new password with a reset token',
        description: 'Single use; signs the account out everywhere. Rate limited per account and per IP.',
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...bodyErrors },
      },
    },
    async (request) => resetPassword({ db: app.db, config: app.config, ip: request.ip, now: app.clock(), ...request.body }),
  );
};
