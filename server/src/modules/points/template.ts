import { POINT_KIND_NAMES, type POINT_IMPORT_COLUMNS } from '@cityops/contract';
import type { ExportRow } from '../../http/export.js';
import * as devicesRepo from '../devices/repository.js';
import { projectScope } from '../devices/service.js';
import type { PointsCtx } from './service.js';

type Column = (typeof POINT_IMPORT_COLUMNS)[number][0];

/** The point import template's one example row, in words the import accepts (the user's first project). */
export async function* pointTemplateRows(ctx: PointsCtx, userId: number): AsyncGenerator<ExportRow> {
  const [project] = await devicesRepo.projectsByName(ctx.db, await projectScope(ctx, ctx.db, userId));
  const row: Record<Column, string | number> = {
    code: 'GZ-0001',
    name: '科技园南路1号灯杆',
    kind: POINT_KIND_NAMES.pole,
    projectName: project?.name ?? '深圳南山智慧路灯示范项目',
    areaName: '',
    siteName: '',
    segment: '科技园南路',
    longitude: 113.93041,
    latitude: 22.53332,
    address: '深圳市南山区科技园南路12号',
    height: 12,
    remarks: '示例行，导入前请删除',
  };
  yield row;
}
