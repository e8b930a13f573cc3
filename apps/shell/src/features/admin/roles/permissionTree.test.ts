import type { PermissionNode } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { allIds, checkedIds, indexTree, toggle } from './permissionTree';

const node = (id: number, checked: boolean, children: PermissionNode[] = []): PermissionNode => ({
  id,
  parentId: 0,
  code: `c${id}`,
  type: 2,
  name: `n${id}`,
  url: '',
  sortNum: id,
  icon: '',
  level: 0,
  isPublic: false,
  checked,
  children,
});

const tree = [node(1, true, [node(2, true, [node(3, false), node(4, false)]), node(5, false)])];

describe('permission tree rules', () => {
  it('reads the checked and all ids', () => {
    expect(checkedIds(tree)).toEqual([1, 2]);
    expect(allIds(tree)).toEqual([1, 2, 3, 4, 5]);
  });

  it('checks the ancestors of a checked item, not its siblings', () => {
    expect(toggle(indexTree(tree), [], 3, true).sort()).toEqual([1, 2, 3]);
  });

  it('unchecks everything below an unchecked item', () => {
    expect(toggle(indexTree(tree), [1, 2, 3, 4, 5], 2, false).sort()).toEqual([1, 5]);
  });
});
