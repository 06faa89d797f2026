import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, SignupBody } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/api-client';

export function signup(body: SignupBody): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/auth/signup', body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
