import { PAGING_KEYS } from '@cityops/contract';
import type { z } from 'zod';

/**
 * A list's state in the URL (`?pageNum=2&pageSize=20&sortField=name&sortOrder=asc&name=李`), so a
 * reload, back and a shared link show the same page. The list's own request schema parses it: a
 * parameter that does not fit is dropped, never trusted.
 */
export type ListRequestSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

const MAX_REPAIRS = 8;

/** Parses the URL's parameters with the list's request schema, dropping the ones it refuses. */
export function readListState<S extends ListRequestSchema>(schema: S, search: string): z.output<S> {
  const raw = new Map<string, unknown>(new URLSearchParams(search));
  for (let attempt = 0; attempt < MAX_REPAIRS; attempt += 1) {
    const parsed = schema.safeParse(Object.fromEntries(raw));
    if (parsed.success) return parsed.data;
    const bad = new Set<PropertyKey>();
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] ?? '';
      // URL values are text: give a boolean or number field its typed value once before giving up.
      const value = raw.get(String(key));
      if (issue.code === 'invalid_type' && typeof value === 'string') {
        if (issue.expected === 'boolean' && (value === 'true' || value === 'false')) {
          raw.set(String(key), value === 'true');
          continue;
        }
        if (issue.expected === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) {
          raw.set(String(key), Number(value));
          continue;
        }
      }
      // An unknown key (strict schemas) carries its names in `keys`.
      if (issue.code === 'unrecognized_keys') for (const name of issue.keys) bad.add(name);
      else bad.add(key);
    }
    if (bad.has('')) break;
    for (const key of bad) raw.delete(String(key));
  }
  return schema.parse({});
}

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The URL parameters of a state: only what differs from the schema's defaults, so the plain page has a
 * plain address. Paging keys first, then the filters in their own order.
 */
export function writeListState(schema: ListRequestSchema, state: Record<string, unknown>): string {
  const defaults: Record<string, unknown> = schema.parse({});
  const params = new URLSearchParams();
  const keys = [...PAGING_KEYS, ...Object.keys(state).filter((key) => !PAGING_KEYS.some((k) => k === key))];
  for (const key of keys) {
    const value = state[key];
    if (!isScalar(value) || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** The filters of a state: everything but the paging and sort keys. */
export function filtersOf(state: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(state).filter(([key]) => !PAGING_KEYS.some((paging) => paging === key)),
  );
}
