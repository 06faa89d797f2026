import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;
export const userRoles = ['student', 'creator'] as const;

export const UserRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof UserRoleSchema>;

const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }));
const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` })
  .max(200);

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: UserRoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, { message: 'Password is required' }).max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SignupBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  name: z.string().trim().min(1, { message: 'Name is required' }).max(100),
  // Any role other than student needs a valid invitation; checked by the server.
  role: z.string().max(20).optional().default('student'),
  inviteCode: z.string().trim().max(200).optional(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const AuthResponseSchema = z.object({ user: UserSchema, token: z.string() });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
