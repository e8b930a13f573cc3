import type { DictionaryItem } from '@cityops/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { dictionary } from '../../db/schema.js';

/** The items of one dictionary in display order; an unknown code has none. */
export function dictionaryItems(db: Database, dicCode: string): Promise<DictionaryItem[]> {
  return db
    .select({ itemCode: dictionary.itemCode, itemName: dictionary.itemName })
    .from(dictionary)
    .where(eq(dictionary.dicCode, dicCode))
    .orderBy(asc(dictionary.sort), asc(dictionary.id));
}
