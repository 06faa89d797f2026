import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { userRoles } from '../lists';
import { singleLineText } from './text';

export const PASSWORD_MIN_LENGTH = 6;

export { userRoles };
export const UserRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const EmailSchema = singleLineText({ max: 254 }).pipe(z.email({ message: 'Please enter a valid email address' }));
// Never trimmed: spaces are part of a password.
export const PasswordSchema = singleLineText({ max: 200, trim: false }).min(PASSWORD_MIN_LENGTH, {
  message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
});

/** A language the interface speaks, as an account saves it (docs/product.md, Languages). */
export const LocaleSchema = z.enum(LOCALES, { message: 'Choose one of en, es, de, ar' });

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: UserRoleSchema,
  /** The saved language: pages without a `locale` cookie, mails, receipts and certificates use it; null until chosen. */
  locale: LocaleSchema.nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: singleLineText({ max: 200, trim: false }).min(1, { message: 'Password is required' }),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SignupBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  name: singleLineText({ max: 100 }).min(1, { message: 'Name is required' }),
  // Any role other than student needs a valid invitation; checked by the server.
  role: singleLineText({ max: 20, trim: false }).optional().default('student'),
  inviteCode: singleLineText({ max: 200 }).optional(),
  // The language of the page signed up on, saved as the account's.
  locale: LocaleSchema.nullable().optional(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const AuthResponseSchema = z.object({ user: UserSchema, token: z.string() });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.object({
  token: singleLineText({ max: 200, trim: false }).min(1),
  newPassword: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
