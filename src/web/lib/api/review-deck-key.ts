/** The review deck's query key, apart from its query: a completed quiz marks it stale from Learn without loading more. */
export const reviewDeckQueryKey = ['/api/review'] as const;
