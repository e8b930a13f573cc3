/**
 * Reads every row a query selects, one batch at a time, so an export of 100,000 rows holds one batch
 * in memory, not the table. Keyset paging ("id > last id seen"), not OFFSET: each batch costs the
 * same however deep into the table it is, and rows inserted or deleted meanwhile do not shift it.
 *
 * `fetchBatch(afterId, limit)` must answer at most `limit` rows with `id > afterId`, ORDERED BY id
 * ascending, e.g. `.where(and(filter, gt(t.id, afterId))).orderBy(t.id).limit(limit)`. Any other order
 * would skip rows, so it is checked. Ids are positive (serial), so the first batch starts after 0.
 */
export async function* keysetBatches<Row extends { id: number }>(
  fetchBatch: (afterId: number, limit: number) => Promise<readonly Row[]>,
  batchSize = 1000,
): AsyncGenerator<Row, void, undefined> {
  let afterId = 0;
  for (;;) {
    const batch = await fetchBatch(afterId, batchSize);
    for (const row of batch) {
      if (row.id <= afterId) throw new Error('keysetBatches: the batch query must order by id ascending');
      afterId = row.id;
      yield row;
    }
    if (batch.length < batchSize) return;
  }
}

/** Each row of `rows` turned into what the export writes, still one at a time. */
export async function* mapRows<Row, Out>(
  rows: AsyncIterable<Row>,
  toOut: (row: Row) => Out,
): AsyncGenerator<Out, void, undefined> {
  for await (const row of rows) yield toOut(row);
}
