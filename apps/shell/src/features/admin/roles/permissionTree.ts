import type { PermissionNode } from '@cityops/contract';

/**
 * The permission tree of the assignment dialog. The tree checks strictly (a parent is not implied by
 * its children, so a role may hold a page without its buttons); these rules keep what is checked a
 * tree the menu builder can walk: checking an item checks its ancestors, unchecking one unchecks
 * everything below it. The server adds missing ancestors too.
 */

export interface TreeIndex {
  parent: Map<number, number>;
  children: Map<number, number[]>;
}

export function indexTree(nodes: readonly PermissionNode[]): TreeIndex {
  const parent = new Map<number, number>();
  const children = new Map<number, number[]>();
  const walk = (list: readonly PermissionNode[], parentId: number | null) => {
    for (const node of list) {
      if (parentId !== null) parent.set(node.id, parentId);
      children.set(
        node.id,
        node.children.map((child) => child.id),
      );
      walk(node.children, node.id);
    }
  };
  walk(nodes, null);
  return { parent, children };
}

/** The ids the server marked `checked`. */
export function checkedIds(nodes: readonly PermissionNode[]): number[] {
  return nodes.flatMap((node) => [...(node.checked ? [node.id] : []), ...checkedIds(node.children)]);
}

/** Every id of the tree. */
export function allIds(nodes: readonly PermissionNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children)]);
}

/** The checked set after the user checks or unchecks one item. */
export function toggle(index: TreeIndex, checked: readonly number[], id: number, on: boolean): number[] {
  const result = new Set(checked);
  if (on) {
    for (let at: number | undefined = id; at !== undefined; at = index.parent.get(at)) result.add(at);
  } else {
    const stack = [id];
    while (stack.length > 0) {
      const at = stack.pop() as number;
      result.delete(at);
      stack.push(...(index.children.get(at) ?? []));
    }
  }
  return [...result];
}
