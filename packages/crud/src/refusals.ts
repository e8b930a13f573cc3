import { LOCALES, text, type TextKey } from '@cityops/contract';
import { isApiError } from '@cityops/client';

/** A form field by antd's name path: `'name'`, or `['spec', 'max']` inside a group. */
export type FieldPath = string | readonly (string | number)[];

/** Server refusals by their contract text, and the form field each belongs to. */
export type FieldRefusals = Readonly<Partial<Record<TextKey, FieldPath>>>;

/**
 * The form field a server refusal belongs to, when its message is one of `keys`' texts (in either
 * language): the form shows it under that field instead of only in the message bar.
 */
export function refusedField(
  error: unknown,
  keys: FieldRefusals,
): { field: FieldPath; message: string } | null {
  if (!isApiError(error) || error.kind !== 'status') return null;
  for (const [key, field] of Object.entries(keys) as [TextKey, FieldPath][]) {
    if (LOCALES.some((locale) => text(key, locale) === error.message))
      return { field, message: error.message };
  }
  return null;
}
