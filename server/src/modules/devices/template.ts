import { DEMO_PRODUCT_KEYS, type DEVICE_IMPORT_COLUMNS } from '@cityops/contract';
import type { ExportRow } from '../../http/export.js';
import * as repo from './repository.js';
import { projectScope, type DevicesCtx } from './service.js';

type Column = (typeof DEVICE_IMPORT_COLUMNS)[number][0];

/**
 * The import template's one example row, in words the import accepts as they are: a product that
 * exists and a project of the user's when there are any (an environment sensor of the first project).
 */
export async function* importTemplateRows(ctx: DevicesCtx, userId: number): AsyncGenerator<ExportRow> {
  const products = await repo.allProducts(ctx.db);
  const product =
    products.find((candidate) => candidate.productKey === DEMO_PRODUCT_KEYS.env) ?? products.at(-1);
  const [project] = await repo.projectsByName(ctx.db, await projectScope(ctx, ctx.db, userId));
  const row: Record<Column, string | number> = {
    deviceKey: 'env-demo-0001',
    controlCode: '0401900001',
    name: '环境监测仪示例',
    productKey: product?.productKey ?? DEMO_PRODUCT_KEYS.env,
    projectName: project?.name ?? '深圳南山智慧路灯示范项目',
    areaName: '',
    segment: '科技园南路',
    longitude: 113.93041,
    latitude: 22.53332,
    address: '深圳市南山区科技园南路12号',
    remarks: '示例行，导入前请删除',
  };
  yield row;
}
