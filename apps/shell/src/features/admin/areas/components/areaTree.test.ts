import { describe, expect, it } from 'vitest';
import type { AreaNode } from '@cityops/contract';
import { areaChoices, flattenAreas, mapAreasOf } from '@cityops/crud';
import { matchingAreas, subtreeIds } from './areaTree';

const area = (areaId: number, name: string, type: AreaNode['type'], children: AreaNode[] = []): AreaNode => ({
  areaId,
  projectId: 1,
  parentId: null,
  name,
  type,
  polygon: [],
  remarks: '',
  sortNum: 0,
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  children,
});

const tree = [
  area(1, '科技园片区', 'areadir', [
    area(2, '北区', 'areanode'),
    area(3, '南山目录', 'areadir', [area(4, '南区', 'areanode')]),
  ]),
  area(5, '后海', 'areanode'),
];

describe('the area tree', () => {
  it('lists every area parents first, and an area with all under it', () => {
    expect(flattenAreas(tree).map((node) => node.areaId)).toEqual([1, 2, 3, 4, 5]);
    expect(subtreeIds(tree[0] as AreaNode)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the matches of a search with the directories leading to them', () => {
    const found = matchingAreas(tree, ' 南区 ');
    expect(found.map((node) => node.name)).toEqual(['科技园片区']);
    expect(found[0]?.children.map((node) => node.name)).toEqual(['南山目录']);
    expect(found[0]?.children[0]?.children.map((node) => node.name)).toEqual(['南区']);
    expect(matchingAreas(tree, '')).toHaveLength(2);
    expect(matchingAreas(tree, '西湖')).toEqual([]);
  });

  it('offers directories as parents, leaving out an area and everything under it', () => {
    const choices = areaChoices(
      tree,
      (node) => node.type === 'areadir',
      (node) => node.areaId !== 3,
    );
    expect(choices[0]).toMatchObject({ value: 1, disabled: false });
    expect(choices[0]?.children.map((choice) => [choice.value, choice.disabled])).toEqual([[2, true]]);
  });

  it('draws the project’s outline and each area’s with ids that cannot collide', () => {
    const project = { projectId: 1, projectName: '南山', longitude: null, latitude: null, polygon: [] };
    expect(mapAreasOf(project, flattenAreas(tree)).map((shape) => [shape.id, shape.type])).toEqual([
      ['project-1', 'project'],
      ['area-1', 'areadir'],
      ['area-2', 'areanode'],
      ['area-3', 'areadir'],
      ['area-4', 'areanode'],
      ['area-5', 'areanode'],
    ]);
  });
});
