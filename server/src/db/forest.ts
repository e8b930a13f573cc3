/**
 * Rows that name their parent, as a forest: each row becomes a node under its parent's node, in the
 * rows' order; a row whose parent is null or not among the rows is a root.
 */
export function forest<Row, Node extends { children: Node[] }>(
  rows: readonly Row[],
  idOf: (row: Row) => number,
  parentOf: (row: Row) => number | null,
  nodeOf: (row: Row) => Node,
): Node[] {
  const nodes = new Map<number, Node>(rows.map((row) => [idOf(row), nodeOf(row)]));
  const roots: Node[] = [];
  for (const row of rows) {
    const node = nodes.get(idOf(row));
    if (!node) continue;
    const parentId = parentOf(row);
    const parent = parentId === null ? undefined : nodes.get(parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
