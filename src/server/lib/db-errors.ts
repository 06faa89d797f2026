/** Whether PostgreSQL answered with `sqlState`, wherever drizzle or node-postgres wrapped the error. */
function hasSqlState(error: unknown, sqlState: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === sqlState) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** PostgreSQL's foreign_key_violation: the row referred to is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}
