import { z } from 'zod';
import { fieldRules, isPersonName } from '../fieldRules.js';
import { checkLatitude, checkLongitude } from '../validation.js';
import { parseVideoTime } from '../video.js';
import { textFilter } from './paging.js';

/**
 * Field rules of the administration forms (platform-shell.md §5), as zod schemas whose messages are
 * text keys: the server answers them as 10001 refusals, the forms show the same words.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A mobile number, or a landline with optional area code and extension. */
const PHONE = /^(?:\+?86[- ]?)?(?:1[3-9]\d{9}|(?:0\d{2,3}-?)?\d{7,8}(?:-\d{1,6})?)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Required text of at most `max` characters, trimmed. */
export const requiredText = (max: number) => z.string().trim().min(1, 'request.badValue').max(max);

/** Required text of 1-`max` characters whose refusal names the field (`参数name不合法：…`). */
export const namedText = (max: number) => z.string().trim().min(1).max(max);

/** Optional text: trimmed, '' when not given. */
export const optionalText = (max: number) => z.string().trim().max(max).default('');

/**
 * A person in charge (§5): Chinese or English letters only (spaces and · between), or nothing. Only
 * such fields: a user's own name takes any characters.
 */
export const optionalPersonName = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => value === '' || isPersonName(value), 'field.person')
    .default('');

export const emailField = z
  .string()
  .trim()
  .max(50)
  .refine((value) => value === '' || EMAIL.test(value), 'field.email')
  .default('');

export const phoneField = z
  .string()
  .trim()
  .max(30)
  .refine((value) => value === '' || PHONE.test(value), 'field.phone')
  .default('');

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const dateField = z.string().refine(isCalendarDate, 'field.date');

/** A birth date, not later than today (§5); null when not given. */
export const birthDateField = z.union([dateField.pipe(fieldRules.birthDate), z.null()]).default(null);

/** A sort number below 1000 (§5). */
export const sortNumField = fieldRules.sortNum.default(0);

/** A day `YYYY-MM-DD`; '' or null when not given. */
export const optionalDate = z
  .string()
  .refine((value) => value === '' || isCalendarDate(value), 'field.date')
  .nullable()
  .default(null)
  .transform((value) => value || null);

/** A coordinate given as a number or as the input's text ('' or null: none), checked by §5's rule. */
const coordinate = (rule: typeof checkLongitude, key: 'longitude.format' | 'latitude.format') =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: key })
    .default(null)
    .superRefine((value, ctx) => {
      if (value !== null && value !== '' && rule(value)) ctx.addIssue({ code: 'custom', message: key });
    })
    .transform((value) => (value === null || value === '' ? null : Number(value)));

/** Longitude of a form (§5: -180..180, the decimal rules, 请输入正确的经度，-180~180); null when not given. */
export const longitudeField = coordinate(checkLongitude, 'longitude.format');
/** Latitude of a form (§5: -90..90, 请输入正确的纬度，-90~90); null when not given. */
export const latitudeField = coordinate(checkLatitude, 'latitude.format');

/** Coordinates come as a pair: both or neither, each missing one refused with its §5 text. */
export function coordinatePair(
  value: { longitude: number | null; latitude: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.longitude === null && value.latitude !== null)
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'longitude.format' });
  if (value.latitude === null && value.longitude !== null)
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'latitude.format' });
}

const checkMoment = (value: string | undefined, ctx: z.RefinementCtx) => {
  if (value !== undefined && parseVideoTime(value) === null)
    ctx.addIssue({ code: 'custom', message: 'field.moment' });
};

/** A moment: `YYYY-MM-DD HH:mm:ss` in China time, or ISO 8601 with a zone. */
export const momentField = z.string().trim().max(40).superRefine(checkMoment);

/** An optional moment, as a list's time-range filter: '' and absence both mean none. */
export const momentFilter = textFilter(40).superRefine(checkMoment);
