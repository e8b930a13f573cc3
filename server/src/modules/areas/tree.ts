/** Walks of one project's area tree, on rows that name their parent. */
export interface Linked {
  id: number;
  parentId: number | null;
}

/** The ids of `roots` and of every area below them. */
export function subtreeOf(rows: readonly Linked[], roots: readonly number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  const found = new Set<number>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(children.get(id) ?? []));
  }
  return found;
}

/** The area's ancestors, nearest first. */
export function ancestorsOf<R extends Linked>(rows: readonly R[], parentId: number | null): R[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found: R[] = [];
  for (let row = parentId === null ? undefined : byId.get(parentId); row;) {
    if (found.includes(row)) break;
    found.push(row);
    row = row.parentId === null ? undefined : byId.get(row.parentId);
  }
  return found;
}
