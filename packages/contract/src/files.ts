import { z } from 'zod';
import type { noParams, Endpoint, EndpointAccess } from './endpoint.js';

/**
 * Files that travel as they are, not as JSON: uploads (multipart/form-data, the form's fields then
 * one file) and downloads of a stored file. Their refusals are the JSON envelope like any other call.
 */

/** A JSON endpoint whose request is multipart: `body` validates the form's fields, `file` names the file's part. */
export interface UploadEndpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> extends Endpoint<Q, B, D> {
  method: 'POST';
  upload: {
    /** The name of the form's file part; the text fields come before it. */
    field: string;
    /** The largest file accepted, in bytes. */
    maxBytes: number;
  };
}

export const defineUpload = <Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  endpoint: UploadEndpoint<Q, B, D>,
) => endpoint;

export const isUpload = (endpoint: object): endpoint is UploadEndpoint =>
  'upload' in endpoint && typeof endpoint.upload === 'object';

/** A download of a stored file: the file itself, or the envelope with a refusal before it starts. */
export interface FileEndpoint<Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType> {
  /** Tells a file download apart from a JSON endpoint, which has a `data` schema instead. */
  kind: 'file';
  method: 'GET';
  /** Path under `/api`; `:name` segments are path parameters (see `params`). */
  path: string;
  params: P;
  access: EndpointAccess;
  query: Q;
  body: z.ZodUndefined;
}

export const defineFile = <Q extends z.ZodType, P extends z.ZodType = typeof noParams>(
  endpoint: Omit<FileEndpoint<Q, P>, 'kind' | 'method' | 'body'>,
): FileEndpoint<Q, P> => ({ kind: 'file', method: 'GET', body: z.undefined(), ...endpoint });

export const OCTET_STREAM = 'application/octet-stream';
/** The SHA-256 (hex) of a downloaded file, so a client can check what it received. */
export const HEADER_CHECKSUM = 'X-Checksum-Sha256';

/** A file name a save dialog accepts: no path, separators or control characters; `fallback` when nothing is left. */
export function safeFileName(name: string, fallback = 'download'): string {
  const base = name.split(/[/\\]/u).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const safe = base.replace(/[\u0000-\u001f\u007f:*?"<>|]+/gu, '_').trim();
  return safe.replace(/^\.+$/u, '') || fallback;
}
