import { describe, expect, it } from 'vitest';
import { assignAreaUsersSchema, createAreaSchema } from './areas.js';
import { createSiteSchema } from './sites.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const triangle = [
  { lng: 113.1, lat: 22.1 },
  { lng: 113.2, lat: 22.1 },
  { lng: 113.2, lat: 22.2 },
];

describe('area form', () => {
  it('takes a directory without an outline at the top of its project', () => {
    expect(createAreaSchema.parse({ projectId: 1, name: ' 片区 ', type: 'areadir' })).toMatchObject({
      name: '片区',
      parentId: null,
      polygon: [],
      remarks: '',
      sortNum: 0,
    });
  });

  it('refuses a node without an outline, and an outline of two points', () => {
    const node = (polygon: unknown) =>
      createAreaSchema.safeParse({ projectId: 1, name: 'n', type: 'areanode', polygon });
    expect(messages(node([]))).toEqual(['area.nodeNeedsPolygon']);
    expect(messages(node(triangle.slice(0, 2)))).toEqual(['area.polygonPoints']);
    expect(node(triangle).success).toBe(true);
  });

  it('counts a user given twice once', () => {
    expect(assignAreaUsersSchema.parse({ areaId: 1, userIds: [3, 3, 2] }).userIds).toEqual([3, 2]);
  });
});

describe('site form', () => {
  it('requires the place, naming each missing coordinate', () => {
    expect(messages(createSiteSchema.safeParse({ name: 's', projectId: 1 }))).toEqual([
      'longitude.format',
      'latitude.format',
    ]);
    expect(messages(createSiteSchema.safeParse({ name: 's', projectId: 1, longitude: 113 }))).toEqual([
      'latitude.format',
    ]);
    expect(
      createSiteSchema.parse({ name: 's', projectId: 1, longitude: '113.5', latitude: 22.5 }),
    ).toMatchObject({ longitude: 113.5, latitude: 22.5, areaId: null, contact: '' });
  });

  it('checks the contact by the person and phone rules', () => {
    const site = { name: 's', projectId: 1, longitude: 113, latitude: 22 };
    expect(messages(createSiteSchema.safeParse({ ...site, contact: '张3' }))).toEqual(['field.person']);
    expect(messages(createSiteSchema.safeParse({ ...site, contactPhone: '12' }))).toEqual(['field.phone']);
  });
});
