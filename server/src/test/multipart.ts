import { Readable } from 'node:stream';

/** The boundary of the test forms. */
export const BOUNDARY = '----cityops-test-boundary';

/** A multipart form as a browser sends it: the text fields, then the file (when given). */
export function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer | Readable }) {
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const fileHead = file
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n'
    : '';
  const tail = `${file ? '\r\n' : ''}--${BOUNDARY}--\r\n`;
  if (!file || Buffer.isBuffer(file.bytes)) {
    const bytes = file && Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.alloc(0);
    return Buffer.concat([Buffer.from(head + fileHead), bytes, Buffer.from(tail)]);
  }
  const stream = file.bytes;
  return Readable.from(
    (async function* () {
      yield Buffer.from(head + fileHead);
      for await (const chunk of stream) yield chunk as Buffer;
      yield Buffer.from(tail);
    })(),
  );
}
