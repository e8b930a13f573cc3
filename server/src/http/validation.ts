import { contractTexts, StatusCode, text, type Locale, type TextKey } from '@cityops/contract';
import type { z } from 'zod';
import { ApiError } from './envelope.js';

const isTextKey = (value: string): value is TextKey => Object.hasOwn(contractTexts['zh-CN'], value);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
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
  if (isTextKey(issue.message)) return new ApiError(StatusCode.REJECTED, issue.message);
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
