import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable, isUniqueViolation } from './errors.js';

describe('database errors', () => {
  it('tells a database out of reach from a statement it refused, through the causes drizzle wraps', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(
      isDatabaseUnreachable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('bye'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('no link'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('dup'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnreachable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });

  it('names a unique violation by its constraint', () => {
    const error = Object.assign(new Error('dup'), { code: '23505', constraint: 'users_name_key' });
    expect(isUniqueViolation(error, 'users_name_key')).toBe(true);
    expect(isUniqueViolation(error, 'other_key')).toBe(false);
  });
});
