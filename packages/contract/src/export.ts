import type { z } from 'zod';
import type { EndpointAccess } from './endpoint.js';

/**
 * Excel downloads of what a list's filters select (every page, not just the one shown). Declared next
 * to the list's JSON endpoints; the server streams the file, the browser saves it. A refusal (no
 * session, no permission, a bad filter) is still the JSON envelope with HTTP 200, so the client
 * treats it exactly like the refusal of any other call.
 */
export interface ExportEndpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  /** Tells a download apart from a JSON endpoint, which has a `data` schema instead. */
  kind: 'export';
  method: 'GET' | 'POST';
  /** Path under `/api`. */
  path: string;
  access: EndpointAccess;
  query: Q;
  /** The list's filter: its paging request without the paging fields (see `exportFilter`). */
  body: B;
}

export const defineExport = <Q extends z.ZodType, B extends z.ZodType>(
  endpoint: Omit<ExportEndpoint<Q, B>, 'kind'>,
): ExportEndpoint<Q, B> => ({ kind: 'export', ...endpoint });

export type ExportQuery<E extends ExportEndpoint> = z.input<E['query']>;
export type ExportBody<E extends ExportEndpoint> = z.input<E['body']>;

/** The fields of a paging request that choose the page; an export takes every page. */
const PAGING = { pageNum: true, pageSize: true } as const;
type PagingShape = { pageNum: z.ZodType; pageSize: z.ZodType };
/** zod cannot see that a generic shape with the paging fields has both keys, so it is told. */
type PagingOf<Shape> = typeof PAGING & Record<Exclude<keyof typeof PAGING, keyof Shape>, never>;

/**
 * A list's filter from its paging request schema, so the export selects what the list shows. The
 * paging fields are dropped (and ignored if the browser sends its whole list state).
 */
export const exportFilter = <Shape extends z.ZodRawShape & PagingShape>(pageRequest: z.ZodObject<Shape>) =>
  pageRequest.omit(PAGING as PagingOf<Shape>);

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSX_EXTENSION = '.xlsx';
/** The number of rows the file will hold, when the server knows it before streaming. */
export const HEADER_TOTAL_COUNT = 'X-Total-Count';

/** How far a download has come, as the browser reports it while the file arrives. */
export interface ExportProgress {
  receivedBytes: number;
  /** The rows the file will hold, when the server counted them first (X-Total-Count). */
  totalRows?: number;
}

/** RFC 5987 value characters: encodeURIComponent leaves these five, which the RFC does not allow. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*!]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A file name a save dialog accepts: no path separators or control characters, always `.xlsx`. */
export function xlsxFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const safe = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/gu, '_').trim() || 'export';
  return safe.toLowerCase().endsWith(XLSX_EXTENSION) ? safe : `${safe}${XLSX_EXTENSION}`;
}

/** `attachment; filename*=UTF-8''…` of a name made safe already: the only form that carries Chinese names through every browser. */
export const attachment = (safeName: string) => `attachment; filename*=UTF-8''${encodeRfc5987(safeName)}`;

/** The Content-Disposition of an Excel download. */
export const contentDisposition = (name: string) => attachment(xlsxFileName(name));

const extendedName = /filename\*\s*=\s*UTF-8''([^;]+)/iu;
const plainName = /filename\s*=\s*"?([^";]+)"?/iu;

/**
 * The file name of a Content-Disposition header; `fallback` when it has none or a malformed one.
 * `clean` makes it one a save dialog takes (an Excel name by default).
 */
export function fileNameOf(
  header: string | null,
  fallback: string,
  clean: (name: string) => string = xlsxFileName,
): string {
  const extended = header?.match(extendedName)?.[1];
  if (extended) {
    try {
      return clean(decodeURIComponent(extended.trim()));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = header?.match(plainName)?.[1];
  return clean(plain?.trim() || fallback);
}
