import {
  HEADER_TOTAL_COUNT,
  REQUEST_TIMEOUT_MS,
  XLSX_CONTENT_TYPE,
  anyEnvelopeSchema,
  fileNameOf,
  OCTET_STREAM,
  safeFileName,
  type Envelope,
  type ExportBody,
  type ExportEndpoint,
  type ExportProgress,
  type ExportQuery,
} from '@cityops/contract';
import type { ApiError, ApiErrorKind } from './apiError.js';
import type { ServiceTextKey } from './httpClient.js';

/** A download takes the file, and the envelope when the server refuses. */
export const DOWNLOAD_ACCEPT = `${XLSX_CONTENT_TYPE}, application/json`;

export interface DownloadOptions<E extends ExportEndpoint> {
  query?: ExportQuery<E>;
  /** The list's filter, as its search form holds it. */
  body?: ExportBody<E>;
  /** Called as the file arrives, a few times a second at most. */
  onProgress?(progress: ExportProgress): void;
  signal?: AbortSignal;
}

export interface SavedFile {
  fileName: string;
  size: number;
}

export interface PreparedRequest {
  url: string;
  init: RequestInit;
}

/** The HTTP client's own error behaviour, so a download fails exactly like a call. */
export interface DownloadOutcomes {
  /** An envelope instead of a file: the §8 behaviours by status_code; always throws. */
  refused(envelope: Envelope): never;
  /** Shows the message and throws. */
  failed(kind: ApiErrorKind, key: ServiceTextKey): never;
  /** The caller gave up: thrown without a message. */
  aborted(): ApiError;
}

const PROGRESS_INTERVAL_MS = 200;
/** Long enough for every browser to have started writing the file before its address is revoked. */
const REVOKE_AFTER_MS = 30_000;

const isValidHttpStatus = (status: number) => status >= 1 && status <= 500;

/**
 * Waits for the answer's headers under the 180 s limit. The body is not timed: a large export streams
 * for as long as it takes, and its progress is shown meanwhile.
 */
async function answerOf(
  prepared: PreparedRequest,
  signal: AbortSignal | undefined,
  outcomes: DownloadOutcomes,
) {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    return await fetch(prepared.url, { ...prepared.init, signal: both });
  } catch {
    if (signal?.aborted) throw outcomes.aborted();
    return outcomes.failed(timeout.aborted ? 'timeout' : 'network', 'service.noService');
  }
}

/** Reads the file to its end, reporting progress; a body cut short fails the download. */
async function readFile(
  response: Response,
  onProgress: DownloadOptions<ExportEndpoint>['onProgress'],
  signal: AbortSignal | undefined,
  outcomes: DownloadOutcomes,
  contentType: string,
): Promise<Blob> {
  const total = Number(response.headers.get(HEADER_TOTAL_COUNT));
  const totalRows =
    Number.isInteger(total) && total >= 0 && response.headers.has(HEADER_TOTAL_COUNT) ? total : undefined;
  const progress = (receivedBytes: number) =>
    onProgress?.({ receivedBytes, ...(totalRows === undefined ? {} : { totalRows }) });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  let reported = 0;
  progress(0);
  const reader = response.body?.getReader();
  if (!reader) return outcomes.failed('invalid-response', 'service.unavailable');
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(new Uint8Array(value));
      receivedBytes += value.byteLength;
      if (Date.now() - reported >= PROGRESS_INTERVAL_MS) {
        reported = Date.now();
        progress(receivedBytes);
      }
    }
  } catch {
    // The server cuts the download when the export fails midway; a partial file is never saved.
    if (signal?.aborted) throw outcomes.aborted();
    return outcomes.failed('network', 'service.unavailable');
  }
  progress(receivedBytes);
  return new Blob(chunks, { type: contentType });
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
export function saveFile(file: Blob, fileName: string) {
  const address = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), REVOKE_AFTER_MS);
}

/** What a download accepts: its file's type, and the name to save it under from Content-Disposition. */
export interface DownloadKind {
  contentType: string;
  nameOf(header: string | null): string;
}

/** An Excel export. */
export const EXPORT_DOWNLOAD: DownloadKind = {
  contentType: XLSX_CONTENT_TYPE,
  nameOf: (header) => fileNameOf(header, 'export'),
};

/** A stored file (a package): any bytes, under the name the server gives. */
export const FILE_DOWNLOAD: DownloadKind = {
  contentType: OCTET_STREAM,
  nameOf: (header) => fileNameOf(header, 'download', (name) => safeFileName(name)),
};

/** Fetches a file whole (the §8 refusals as in a call) and answers it with the server's name for it. */
export async function fetchFile<E extends ExportEndpoint>(
  prepared: PreparedRequest,
  outcomes: DownloadOutcomes,
  options: DownloadOptions<E>,
  kind: DownloadKind = EXPORT_DOWNLOAD,
): Promise<{ file: Blob; fileName: string }> {
  const response = await answerOf(prepared, options.signal, outcomes);
  if (!isValidHttpStatus(response.status)) return outcomes.failed('network', 'service.noService');
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const envelope = anyEnvelopeSchema.safeParse(await response.json().catch(() => null));
    if (!envelope.success) return outcomes.failed('invalid-response', 'service.unavailable');
    return outcomes.refused(envelope.data);
  }
  if (!type.startsWith(kind.contentType)) return outcomes.failed('invalid-response', 'service.unavailable');
  const file = await readFile(response, options.onProgress, options.signal, outcomes, kind.contentType);
  return { file, fileName: kind.nameOf(response.headers.get('content-disposition')) };
}

/** Fetches a file and hands it to the browser's downloads under the server's name for it. */
export async function downloadExport<E extends ExportEndpoint>(
  prepared: PreparedRequest,
  outcomes: DownloadOutcomes,
  options: DownloadOptions<E>,
  kind: DownloadKind = EXPORT_DOWNLOAD,
): Promise<SavedFile> {
  const { file, fileName } = await fetchFile(prepared, outcomes, options, kind);
  saveFile(file, fileName);
  return { fileName, size: file.size };
}
