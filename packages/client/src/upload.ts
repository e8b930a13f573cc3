import type { EndpointBody, UploadEndpoint } from '@cityops/contract';

/** How far an upload has come, as the browser reports it while the file leaves. */
export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

export interface UploadOptions<E extends UploadEndpoint> {
  /** The form's text fields (sent first, in this order). */
  body: EndpointBody<E>;
  file: File;
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

export type UploadOutcome = { kind: 'answered'; json: unknown } | { kind: 'network' | 'aborted' };

/** The form of an upload: its fields as text (none left out but empty ones), then the file under its part name. */
export function uploadForm(fields: object, field: string, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append(field, file, file.name);
  return form;
}

/**
 * Sends a form with XMLHttpRequest, the one browser API that reports upload progress. Not timed: a
 * large package takes as long as the link needs, and its progress shows meanwhile.
 */
export function sendForm(
  url: string,
  headers: Record<string, string>,
  form: FormData,
  options: Pick<UploadOptions<UploadEndpoint>, 'onProgress' | 'signal'>,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({ sentBytes: event.loaded, totalBytes: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      if (xhr.status < 1 || xhr.status > 500) return resolve({ kind: 'network' });
      try {
        resolve({ kind: 'answered', json: JSON.parse(xhr.responseText) as unknown });
      } catch {
        resolve({ kind: 'answered', json: null });
      }
    };
    xhr.onerror = () => resolve({ kind: 'network' });
    xhr.onabort = () => resolve({ kind: 'aborted' });
    if (options.signal?.aborted) return resolve({ kind: 'aborted' });
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
