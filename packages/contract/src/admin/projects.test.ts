import { describe, expect, it } from 'vitest';
import {
  createProjectSchema,
  createSegmentSchema,
  projectLocationSchema,
  saveAuditorsSchema,
} from './projects.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('project form', () => {
  it('fills the defaults of a bare name', () => {
    expect(createProjectSchema.parse({ projectName: ' 示范 ' })).toMatchObject({
      projectName: '示范',
      longitude: null,
      latitude: null,
      polygon: [],
      phase: 'planning',
      hosting: null,
      userIds: [],
    });
  });

  it('refuses a delivery before the implementation, and takes the same day', () => {
    const dates = (implementedOn: string, deliveredOn: string) =>
      createProjectSchema.safeParse({ projectName: 'p', implementedOn, deliveredOn });
    expect(messages(dates('2026-03-02', '2026-03-01'))).toEqual(['project.deliveryBeforeImplementation']);
    expect(dates('2026-03-02', '2026-03-02').success).toBe(true);
  });

  it('checks coordinates by §5 and as a pair', () => {
    expect(
      messages(createProjectSchema.safeParse({ projectName: 'p', longitude: 181, latitude: 1 })),
    ).toEqual(['longitude.format']);
    expect(messages(createProjectSchema.safeParse({ projectName: 'p', longitude: '113.5' }))).toEqual([
      'latitude.format',
    ]);
    expect(
      createProjectSchema.parse({ projectName: 'p', longitude: '113.5', latitude: '22.5' }),
    ).toMatchObject({
      longitude: 113.5,
      latitude: 22.5,
    });
  });

  it('takes no polygon or one of 3-2000 points within range', () => {
    const location = (polygon: unknown) => projectLocationSchema.safeParse({ projectId: 1, polygon });
    const point = { lng: 113.1, lat: 22.1 };
    expect(location([]).success).toBe(true);
    expect(messages(location([point, point]))).toEqual(['project.polygonPoints']);
    expect(location([point, point, point]).success).toBe(true);
    expect(messages(location(Array.from({ length: 2001 }, () => point)))).toEqual(['project.polygonPoints']);
    expect(messages(location([point, point, { lng: 200, lat: 1 }]))).toEqual(['longitude.format']);
    expect(messages(location([point, point, { lng: 1, lat: -91 }]))).toEqual(['latitude.format']);
  });
});

describe('plan and auditors', () => {
  it('refuses a segment ending before it starts', () => {
    const segment = { cycleId: 1, name: 's', startDate: '2026-03-02', endDate: '2026-03-01' };
    expect(messages(createSegmentSchema.safeParse(segment))).toEqual(['field.endAfterStart']);
  });

  it('refuses an auditor named twice', () => {
    const save = { projectId: 1, businessType: 'alarm', userIds: [3, 4, 3] };
    expect(messages(saveAuditorsSchema.safeParse(save))).toEqual(['project.auditorRepeated']);
  });
});
