/**
 * Whether an error (or one of its causes: drizzle wraps the driver's error) is PostgreSQL's
 * unique_violation (23505) on the named constraint or index.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const {
      code,
      constraint: name,
      cause,
    } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return name === constraint;
    current = cause;
  }
  return false;
}
