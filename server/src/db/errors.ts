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

/** PostgreSQL's connection exceptions (class 08) and shutdowns (57P01-57P03), and the socket's own. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * Whether an error (or one of its causes) says the database could not be reached: a connection
 * refused, cut or shut down, rather than a statement it refused. Work that failed so can be tried
 * again once the database is back.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && /connection terminated|not queryable|connection error/i.test(message))
      return true;
    current = cause;
  }
  return false;
}
