/** A value a query string can carry; arrays go out as `name[]=value`. */
export type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

const isEmpty = (value: QueryScalar): value is null | undefined | '' =>
  value === undefined || value === null || value === '';

const isList = (value: QueryValue): value is readonly QueryScalar[] => Array.isArray(value);

/**
 * Builds the query string of platform-shell.md §7: empty values (undefined, null, '') are dropped,
 * arrays are sent as `name[]=value` once per item (brackets literal, as the spec writes them).
 * Answers '' or a string starting with '?'.
 */
export function buildQuery(params: QueryParams = {}): string {
  const pairs: string[] = [];
  const add = (name: string, value: QueryScalar) => {
    if (!isEmpty(value)) pairs.push(`${name}=${encodeURIComponent(String(value))}`);
  };
  for (const [name, value] of Object.entries(params)) {
    const encoded = encodeURIComponent(name);
    if (isList(value)) {
      for (const item of value) add(`${encoded}[]`, item);
    } else {
      add(encoded, value);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
