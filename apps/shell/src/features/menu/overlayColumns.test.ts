import { describe, expect, it } from 'vitest';
import { buildUserMenu } from '@cityops/client';
import type { PermissionItem } from '@cityops/contract';
import { overlayColumns } from './overlayColumns';

function systems(count: number, pagesEach: number): PermissionItem[] {
  const items: PermissionItem[] = [];
  for (let s = 1; s <= count; s++) {
    items.push({
      id: s,
      parentId: 0,
      code: `s${s}`,
      type: 0,
      name: `系统${s}`,
      url: '',
      sortNum: s,
      icon: '',
      level: 1,
    });
    for (let p = 1; p <= pagesEach; p++)
      items.push({
        id: s * 100 + p,
        parentId: s,
        code: `p${s}_${p}`,
        type: 2,
        name: `页面${s}-${p}`,
        url: '#',
        sortNum: p,
        icon: '',
        level: 2,
      });
  }
  return items;
}

describe('full-menu overlay columns', () => {
  it('gives each system its own column when there are 9 or fewer', () => {
    const columns = overlayColumns(buildUserMenu(systems(9, 30)).topNav);
    expect(columns).toHaveLength(9);
    expect(columns[0]).toHaveLength(31);
  });

  it('flows more than 9 systems into column groups of at most 17 rows', () => {
    const columns = overlayColumns(buildUserMenu(systems(10, 4)).topNav);
    expect(columns.map((column) => column.length)).toEqual([17, 17, 16]);
    expect(columns[0]?.[0]).toMatchObject({ kind: 'system', node: { code: 's1' } });
  });
});
