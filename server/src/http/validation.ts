import { issueValues, isTextKey, StatusCode, text, type Locale } from '@cityops/contract';
import type { z } from 'zod';
import { ApiError } from './envelope.js';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const NUL = '\u0000';

/** A key as a field name: a NUL in it is shown escaped, never echoed. */
const keyName = (key: string) => key.replaceAll(NUL, '\\u0000');

/** A value met on the walk, with the key it was met under and the entry it was met in. */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

/** The field path of a visit: built only for the one a NUL was found in. */
function pathOf(visit: Visit | null): string {
  const keys: string[] = [];
  for (let at = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Where the first NUL character of the input is, in a text or in a key, as a field path ('' for the
 * input itself); null when there is none. Walks with its own stack, so no nesting depth can overflow
 * it, and each value links to its parent rather than carrying a copy of its path: linear in the size
 * of the input whatever its shape (a copied path made a deep input quadratic).
 */
export function nulField(input: unknown): string | null {
  const pending: Visit[] = [{ value: input, key: '', parent: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value } = next;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return pathOf(next);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const entries = Object.entries(value).reverse();
    for (const [key, inner] of entries) {
      if (key.includes(NUL)) return pathOf({ value: inner, key: keyName(key), parent: next });
      pending.push({ value: inner, key, parent: next });
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character: input holding one anywhere is refused with 10001
 * naming the field, before any schema, so no endpoint can forget it (every /api route parses here).
 */
export function refuseNul(input: unknown, where: 'query' | 'body' | 'params', locale: Locale) {
  const field = nulField(input);
  if (field === null) return;
  throw new ApiError(StatusCode.REJECTED, 'request.invalidField', {
    field: field || where,
    rule: text('request.nulCharacter', locale),
  });
}

/** The rule a zod issue broke, in words the user reads. */
function rule(issue: z.core.$ZodIssue, locale: Locale): string {
  switch (issue.code) {
    case 'invalid_type':
      return text('request.wrongType', locale, { expected: issue.expected });
    case 'too_big':
      return issue.origin === 'string'
        ? text('request.tooLong', locale, { max: Number(issue.maximum) })
        : text('request.maxValue', locale, { max: Number(issue.maximum) });
    case 'too_small':
      return issue.origin === 'string'
        ? text('request.tooShort', locale, { min: Number(issue.minimum) })
        : text('request.minValue', locale, { min: Number(issue.minimum) });
    case 'invalid_format':
      return text('request.badFormat', locale);
    default:
      return text('request.badValue', locale);
  }
}

/**
 * Turns the first zod issue into the 10001 refusal: the contract's own text when the schema names one
 * (the spec's validation messages), else a message naming the field and the rule it broke.
 */
export function invalidInput(
  error: z.ZodError,
  input: unknown,
  where: 'query' | 'body' | 'params',
  locale: Locale,
) {
  const issue = error.issues[0];
  if (!issue) return new ApiError(StatusCode.REJECTED, 'request.invalidBody');
  if (isTextKey(issue.message)) return new ApiError(StatusCode.REJECTED, issue.message, issueValues(issue));
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    return new ApiError(StatusCode.REJECTED, 'request.unknownField', {
      field: field ? `${field}.${keys}` : keys,
    });
  }
  if (field === '') {
    return where === 'body' && input === undefined
      ? new ApiError(StatusCode.REJECTED, 'request.missingField', { field: where })
      : new ApiError(StatusCode.REJECTED, 'request.invalidBody');
  }
  const absent = valueAt(input, issue.path) === undefined;
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && absent) {
    return new ApiError(StatusCode.REJECTED, 'request.missingField', { field });
  }
  return new ApiError(StatusCode.REJECTED, 'request.invalidField', { field, rule: rule(issue, locale) });
}
