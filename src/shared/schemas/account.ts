import { z } from 'zod';
import { EmailSchema, LocaleSchema, PasswordSchema } from './auth';
import { singleLineText } from './text';

/** What the account page tells the user; the server does exactly this (modules/account). */
export const accountMessages = {
  nameSaved: 'Name saved',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  wrongPassword: 'Your current password is not correct',
  samePassword: 'The new password must differ from the current one',
  emailSent: 'We sent a confirmation link to the new address. Your email changes when you open it.',
  emailSame: 'This is already your email address',
  emailTaken: 'An account with this email already exists',
  emailChanged: 'Your email address has been changed',
  emailLinkInvalid: 'This email confirmation link is invalid, expired or already used',
  sessionNotFound: 'Session not found',
  sessionSignedOut: 'Session signed out',
  creatorHasStudents:
    'Your courses have students, who keep access to what they enrolled in, so this account cannot be deleted here. Write to support@gradient.academy and we will hand the courses over or close them with the students.',
  creatorHasPublished:
    'Archive your published courses first (Dashboard → course menu → Archive): a deleted account cannot keep courses in the marketplace.',
  accountDeleted: 'Your account has been deleted',
} as const;

/** Email change links live a day: long enough to find the mail, short enough to expire unused. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

const CurrentPasswordSchema = singleLineText({ max: 200, trim: false }).min(1, { message: 'Enter your current password' });

export const UpdateNameBodySchema = z.object({
  name: singleLineText({ max: 100 }).min(1, { message: 'Name is required' }),
});
export type UpdateNameBody = z.infer<typeof UpdateNameBodySchema>;

/** PATCH /api/auth/me: the name, the saved language (null forgets it), or both. */
export const UpdateMeBodySchema = z
  .object({
    name: UpdateNameBodySchema.shape.name.optional(),
    locale: LocaleSchema.nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.locale !== undefined, { message: 'Send a name or a locale' });
export type UpdateMeBody = z.infer<typeof UpdateMeBodySchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangeEmailBodySchema = z.object({
  newEmail: EmailSchema,
  currentPassword: CurrentPasswordSchema,
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const ConfirmEmailBodySchema = z.object({
  token: singleLineText({ max: 200, trim: false }).min(1),
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;

export const ConfirmEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponseSchema>;

export const DeleteAccountBodySchema = z.object({ currentPassword: CurrentPasswordSchema });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

const AccountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows"-style, read from the User-Agent at sign-in; "Unknown device" without one. */
  device: z.string(),
  createdAt: z.string(),
  /** ISO time the session was last used (to within a few minutes). */
  lastUsedAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z.object({ items: z.array(AccountSessionSchema) });
export type AccountSessionList = z.infer<typeof AccountSessionListSchema>;

export const SignedOutResponseSchema = z.object({ message: z.string(), count: z.number().int() });
export type SignedOutResponse = z.infer<typeof SignedOutResponseSchema>;
