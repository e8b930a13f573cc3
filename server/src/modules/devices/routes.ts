import { join } from 'node:path';
import {
  alarmRuleEndpoints,
  DEVICE_IMPORT_COLUMNS,
  deviceEndpoints,
  deviceImportTemplate,
  productEndpoints,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { importRoutes } from '../../http/importSheet.js';
import { route } from '../../http/route.js';
import { actorOfInput as actorOf, userOfInput as userOf } from '../logs/audit.js';
import { changeRoutes } from '../logs/changeRoutes.js';
import { importDevices } from './importDevices.js';
import * as devices from './service.js';
import { importTemplateRows } from './template.js';

/** The thing model, the threshold rules and the device registry. */
export default async function deviceRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  const products = productEndpoints;
  route(app, products.page, ({ body }) => devices.productPage(ctx, body));
  route(app, products.all, ({ query }) => devices.allProducts(ctx, query.typeCode));
  route(app, products.model, ({ params }) => devices.productModel(ctx, params.id));
  changeRoutes(app, products, {
    create: (actor, body) => devices.createProduct(ctx, actor, body),
    update: (actor, body) => devices.updateProduct(ctx, actor, body),
    delete: (actor, id) => devices.deleteProduct(ctx, actor, id),
  });
  changeRoutes(
    app,
    { create: products.createFunction, update: products.updateFunction, delete: products.deleteFunction },
    {
      create: (actor, body) => devices.createFunction(ctx, actor, body),
      update: (actor, body) => devices.updateFunction(ctx, actor, body),
      delete: (actor, id) => devices.deleteFunction(ctx, actor, id),
    },
  );

  const rules = alarmRuleEndpoints;
  route(app, rules.list, ({ query }) => devices.ruleList(ctx, query.productId));
  changeRoutes(app, rules, {
    create: (actor, body) => devices.createRule(ctx, actor, body),
    update: (actor, body) => devices.updateRule(ctx, actor, body),
    delete: (actor, id) => devices.deleteRule(ctx, actor, id),
  });

  const api = deviceEndpoints;
  route(app, api.page, (input) => devices.devicePage(ctx, userOf(input), input.body));
  route(app, api.find, (input) => devices.findDevice(ctx, userOf(input), input.params.id));
  changeRoutes(app, api, {
    create: (actor, body) => devices.createDevice(ctx, actor, body),
    update: (actor, body) => devices.updateDevice(ctx, actor, body),
    delete: (actor, id) => devices.deleteDevice(ctx, actor, id),
  });
  route(app, api.batchDelete, async (input) => {
    await devices.batchDeleteDevices(ctx, actorOf(input), input.body.ids);
    return new Answer(null, 'admin.deleted');
  });
  route(app, api.credentials, (input) =>
    devices.deviceCredentials(ctx, actorOf(input), input.params.id, input.request.hostname),
  );
  route(
    app,
    api.resetSecret,
    async (input) =>
      new Answer(
        await devices.resetDeviceSecret(ctx, actorOf(input), input.params.id, input.request.hostname),
        'device.secretReset',
      ),
  );
  route(app, api.overview, (input) => devices.deviceOverview(ctx, userOf(input), input.query.projectId));

  await importRoutes(app, {
    upload: api.importDevices,
    template: deviceImportTemplate,
    directory: join(ctx.config.DATA_DIR, 'uploads', 'device-imports'),
    store: (input, file) => importDevices(ctx, actorOf(input), file.path, file.fileName),
    fileName: '设备导入模板',
    sheetName: '设备导入',
    columns: DEVICE_IMPORT_COLUMNS,
    rows: (input) => importTemplateRows(ctx, userOf(input)),
  });
}
