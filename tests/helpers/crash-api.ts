/** One HTTP call to the server under test; a request the dying process never answers rejects. */
export type Answer = { status: number; body: unknown };

export async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** `call`, for set-up and checks: anything but a 2xx is a failure of the test. */
export async function callOk<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const answer = await call(base, method, path, token, body);
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}
