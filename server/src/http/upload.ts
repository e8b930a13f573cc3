import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  API_PREFIX,
  megabytes,
  safeFileName,
  StatusCode,
  text,
  type Locale,
  type UploadEndpoint,
} from '@cityops/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionInfo } from './context.js';
import { Answer, ApiError, envelope } from './envelope.js';
import { admitAndParse, parseInput } from './route.js';

/** A file received in full: where it lies (a temporary name), its size and SHA-256, and what the client called it. */
export interface ReceivedFile {
  path: string;
  size: number;
  /** SHA-256, lower-case hex, computed while the file arrived. */
  checksum: string;
  /** The client's name for it, without any path: for showing only, never to name anything on disk. */
  fileName: string;
}

export interface UploadInput<E extends UploadEndpoint> {
  body: z.output<E['body']>;
  query: z.output<E['query']>;
  session: SessionInfo | null;
  request: FastifyRequest;
  locale: Locale;
}

export interface UploadHandlers<E extends UploadEndpoint> {
  /** The directory the file is received into (a temporary name of its own, removed unless `store` moved it). */
  directory: string;
  /** Rules on the fields, checked before the file is received (what `store` checks again, early). */
  check?: (input: UploadInput<E>) => Promise<void>;
  /** Keeps the received file (moves it away from `file.path`) and answers the endpoint's data. */
  store: (
    input: UploadInput<E>,
    file: ReceivedFile,
  ) => Promise<z.input<E['data']> | Answer<z.input<E['data']>>>;
}

const PARTIAL = 'partial-';
const FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;

/** Removes what uploads cut short by a stop left in the directory. */
export async function clearPartialUploads(directory: string) {
  const names = await readdir(directory).catch(() => []);
  await Promise.all(
    names
      .filter((name) => name.startsWith(PARTIAL))
      .map((name) => rm(join(directory, name), { force: true })),
  );
}

/** Counts and hashes what passes. */
function measure() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, checksum: hash.digest('hex') }) };
}

/** Multipart's own refusals (a file over the limit, too many parts, a malformed form). */
function uploadRefusal(error: unknown, maxBytes: number): ApiError {
  if (error instanceof ApiError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ApiError(StatusCode.REJECTED, 'upload.tooLarge', { size: megabytes(maxBytes) });
  return new ApiError(StatusCode.REJECTED, 'upload.broken');
}

/**
 * Registers an upload under /api: the access check first (as route()), then the form's text fields,
 * validated by the endpoint's body schema and `check`, then its one file, streamed to disk while its
 * SHA-256 is computed, never held in memory. A file over the limit, a form cut short or a refusal by
 * `store` leaves nothing behind. Call inside the module's own scope (it registers @fastify/multipart there).
 */
export async function uploadRoute<E extends UploadEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handlers: UploadHandlers<E>,
) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const { field, maxBytes } = endpoint.upload;
  app.route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    config: { endpoint, rateLimited: false },
    handler: async (request) => {
      // The fields are read from the form below; only the access and the query are checked here.
      const admitted = await admitAndParse<E['query'], z.ZodUnknown>(
        app,
        { ...endpoint, body: z.unknown() },
        request,
      );
      const { locale } = admitted;
      if (!request.isMultipart()) throw new ApiError(StatusCode.REJECTED, 'upload.fileRequired');
      await mkdir(handlers.directory, { recursive: true });
      const partial = join(handlers.directory, `${PARTIAL}${randomUUID()}`);
      const fields: Record<string, unknown> = {};
      const inputOf = (): UploadInput<E> => ({
        ...admitted,
        request,
        body: parseInput<E['body']>(endpoint.body, fields, 'body', locale),
      });
      let checking = false;

      /** The fields, checked, then the file, received in full. */
      const receive = async (): Promise<[UploadInput<E>, ReceivedFile]> => {
        const parts = request.parts({
          limits: {
            fileSize: maxBytes,
            files: 1,
            fields: MAX_FIELDS,
            fieldSize: FIELD_BYTES,
            parts: MAX_FIELDS + 1,
          },
        });
        let received: [UploadInput<E>, ReceivedFile] | null = null;
        for await (const part of parts) {
          if (part.type === 'field') {
            if (!received) fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== field || received) {
            part.file.resume();
            continue;
          }
          const input = inputOf();
          checking = true;
          await handlers.check?.(input);
          checking = false;
          const measured = measure();
          await pipeline(part.file, measured.stream, createWriteStream(partial, { flags: 'wx' }));
          if (part.file.truncated)
            throw new ApiError(StatusCode.REJECTED, 'upload.tooLarge', { size: megabytes(maxBytes) });
          received = [input, { path: partial, ...measured.result(), fileName: safeFileName(part.filename) }];
        }
        // Without a file, the fields are still answered first: what to fix before choosing it again.
        if (!received) inputOf();
        if (!received || received[1].size === 0)
          throw new ApiError(StatusCode.REJECTED, 'upload.fileRequired');
        return received;
      };

      let input: UploadInput<E>;
      let file: ReceivedFile;
      try {
        [input, file] = await receive();
      } catch (error) {
        await rm(partial, { force: true });
        throw checking ? error : uploadRefusal(error, maxBytes);
      }
      try {
        const result = await handlers.store(input, file);
        const answer = result instanceof Answer ? result : new Answer(result, 'level.SUCCESS');
        const data = z.parse(endpoint.data, answer.data);
        return envelope(StatusCode.SUCCESS, text(answer.message, locale), data);
      } finally {
        await rm(partial, { force: true });
      }
    },
  });
}
