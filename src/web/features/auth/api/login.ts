import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/api-client';

export function login(body: LoginBody): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/auth/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
