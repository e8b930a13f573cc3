import { join } from 'node:path';
import { POINT_IMPORT_COLUMNS, pointEndpoints, pointImportTemplate } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { importRoutes } from '../../http/importSheet.js';
import { route } from '../../http/route.js';
import { actorOfInput as actorOf, userOfInput as userOf } from '../logs/audit.js';
import { changeRoutes } from '../logs/changeRoutes.js';
import { importPoints } from './importPoints.js';
import * as points from './service.js';
import { pointTemplateRows } from './template.js';

/** Installation points and their import (pointManagement, batchImportPoint). */
export default async function pointRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const api = pointEndpoints;
  route(app, api.page, (input) => points.pointPage(ctx, userOf(input), input.body));
  route(app, api.find, (input) => points.findPoint(ctx, userOf(input), input.params.id));
  route(app, api.options, (input) => points.pointOptions(ctx, userOf(input), input.query.projectId));
  changeRoutes(app, api, {
    create: (actor, body) => points.createPoint(ctx, actor, body),
    update: (actor, body) => points.updatePoint(ctx, actor, body),
    delete: (actor, id) => points.deletePoint(ctx, actor, id),
  });
  route(app, api.batchDelete, async (input) => {
    await points.deletePoints(ctx, actorOf(input), input.body.ids);
    return new Answer(null, 'admin.deleted');
  });
  route(app, api.devices, (input) => points.pointDevices(ctx, userOf(input), input.params.id));
  route(app, api.mountable, (input) =>
    points.mountableDevices(ctx, userOf(input), input.params.id, input.query.keyword),
  );
  route(app, api.mount, async (input) => {
    await points.mountDevices(ctx, actorOf(input), input.body);
    return new Answer(null, 'point.mounted');
  });
  route(app, api.unmount, async (input) => {
    await points.unmountDevices(ctx, actorOf(input), input.body.deviceIds);
    return new Answer(null, 'point.unmounted');
  });

  await importRoutes(app, {
    upload: api.importPoints,
    template: pointImportTemplate,
    directory: join(ctx.config.DATA_DIR, 'uploads', 'point-imports'),
    store: (input, file) => importPoints(ctx, actorOf(input), file.path, file.fileName),
    fileName: '点位导入模板',
    sheetName: '点位导入',
    columns: POINT_IMPORT_COLUMNS,
    rows: (input) => pointTemplateRows(ctx, userOf(input)),
  });
}
