import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  API_PREFIX,
  attachment,
  HEADER_CHECKSUM,
  OCTET_STREAM,
  safeFileName,
  type FileEndpoint,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { refuse } from './envelope.js';
import { admitAndParse, parseInput, type RouteInput } from './route.js';

/** A stored file to send: where it lies, the name to save it under, and its SHA-256 when known. */
export interface StoredFile {
  path: string;
  fileName: string;
  checksum?: string;
  /** Runs once the file is found and about to be sent (a download count). */
  sending?: () => Promise<void>;
}

export type FileInput<E extends FileEndpoint> = Omit<RouteInput<never>, 'params' | 'query' | 'body'> & {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
};

/**
 * Registers a download of a stored file under /api: the access check and the input as route() (a
 * refusal is the JSON envelope), then the file, streamed, as an attachment. A file missing on disk
 * is refused (10001) with the text `missing`.
 */
export function fileRoute<E extends FileEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: FileInput<E>) => Promise<StoredFile>,
  missing: Parameters<typeof refuse>[0],
) {
  app.route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    config: { endpoint, rateLimited: false },
    handler: async (request, reply) => {
      const admitted = await admitAndParse<E['query'], E['body']>(app, endpoint, request);
      const params = parseInput<E['params']>(
        endpoint.params,
        request.params ?? {},
        'params',
        admitted.locale,
      );
      const file = await handler({ ...admitted, params, request });
      const size = await stat(file.path).then(
        (found) => (found.isFile() ? found.size : null),
        () => null,
      );
      if (size === null) refuse(missing);
      await file.sending?.();
      reply
        .type(OCTET_STREAM)
        .header('content-length', String(size))
        .header('content-disposition', attachment(safeFileName(file.fileName)));
      if (file.checksum) reply.header(HEADER_CHECKSUM, file.checksum);
      return reply.send(createReadStream(file.path));
    },
  });
}
