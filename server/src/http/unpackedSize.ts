import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { megabytes } from '@cityops/contract';
import unzipper from 'unzipper';
import { z } from 'zod';
import { ApiError, refuse } from './envelope.js';

/**
 * Bounds what an uploaded .xlsx unpacks to before any reader opens it: a zip of a few hundred
 * kilobytes can inflate to gigabytes. The entries are walked with the same parser the workbook
 * reader uses (unzipper's sequential one, which reads the local headers rather than the central
 * directory), so what is counted here is what the reader will see; each entry is refused by its
 * declared size at once and by its actual size while it inflates, nothing of it kept.
 */

/** An .xlsx has a dozen entries or so; thousands of tiny ones would only cost time. */
const MAX_ENTRIES = 1_000;

/** The size an entry's local header declares. */
const headerSchema = z.object({ vars: z.object({ uncompressedSize: z.number().int().nonnegative() }) });

type Refusal = Parameters<typeof refuse>;

/** Counts the inflated bytes of `path`'s entries; refuses past `limit` or when it is no zip. */
export async function checkUnpackedSize(path: string, limit: number): Promise<void> {
  const tooLarge: Refusal = ['import.tooLarge', { size: megabytes(limit) }];
  const source = createReadStream(path);
  const zip = unzipper.Parse({ forceStream: true });
  let current: Readable | null = null;
  let broken: Error | null = null;
  // A file cut short inside an entry is told to the parser, not to the entry, sometimes before the
  // entry is handed out: end the entry with it (or it would wait for the rest forever). After an
  // early stop no one else is listening.
  zip.on('error', (error: Error) => {
    broken = error;
    current?.destroy(error);
  });
  source.pipe(zip);
  let total = 0;
  let entries = 0;
  try {
    for await (const entry of zip) {
      if (!(entry instanceof Readable)) return refuse('import.notWorkbook');
      current = entry;
      // Leaving the entry early destroys it, which it reports as an error no one needs to hear.
      entry.on('error', () => undefined);
      if (broken) refuse('import.notWorkbook');
      entries += 1;
      if (entries > MAX_ENTRIES) refuse('import.notWorkbook');
      // Zero when the size follows the data (a data descriptor): the count below still holds.
      const declared =
        headerSchema.safeParse(entry).data?.vars.uncompressedSize ?? refuse('import.notWorkbook');
      if (total + declared > limit) refuse(...tooLarge);
      total = await countInflated(entry, total, limit);
      if (total > limit) refuse(...tooLarge);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    refuse('import.notWorkbook');
  } finally {
    source.destroy();
  }
}

/** Adds one entry's inflated bytes to `total`, stopping as soon as the sum passes `limit`. */
async function countInflated(entry: Readable, total: number, limit: number) {
  let sum = total;
  for await (const chunk of entry) {
    sum += Buffer.isBuffer(chunk) ? chunk.length : 0;
    if (sum > limit) break;
  }
  return sum;
}
