import {
  DEVICE_CHOICES_MAX,
  type DeviceChoiceQuery,
  DEVICE_PAGE,
  FUNCTION_PAGE,
  functionFieldsSchema,
  hasControlCode,
  OFFLINE_IDENTIFIER,
  PRODUCT_PAGE,
  PROJECT,
  type createDeviceSchema,
  type createFunctionSchema,
  type createProductSchema,
  type createRuleSchema,
  type DeviceCredentials,
  type DeviceOverview,
  type DeviceRow,
  type deviceListRequestSchema,
  type FunctionFields,
  type FunctionRow,
  type ProductRow,
  type productListRequestSchema,
  type RuleRow,
  type ThingModel,
  type updateDeviceSchema,
  type updateFunctionSchema,
  type updateProductSchema,
  type updateRuleSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { deviceUsage, ensureDeviceRoom } from '../licence/devices.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import { loggedChange, type Logged } from '../projects/change.js';
import { checkVisible } from '../projects/service.js';
import { BUS_MAX_IDS, publish } from '../push/events.js';
import { brokerUrl, demoFleetSecret, newSecret, secretColumns, secretHash } from './credentials.js';
import * as repo from './repository.js';

/**
 * The thing model (productManage, functionManage, modelSetting) and the device registry (devList,
 * equipmentOverview). Every change runs in one transaction with its operation-log row;
 * a change of a product's model or rules tells every instance (`products.changed`), and a device that
 * may no longer connect (disabled, deleted, new secret) is dropped by every instance's broker
 * (`devices.revoked`), both published inside the transaction so they go out only if it commits.
 */

export type DevicesCtx = Pick<AppContext, 'db' | 'now' | 'access' | 'licence' | 'secrets' | 'config'>;
type ProductInput = z.output<typeof createProductSchema>;
type DeviceInput = z.output<typeof createDeviceSchema>;
type RuleInput = z.output<typeof createRuleSchema>;

const RULE_PAGE = 'modelSetting';

const PRODUCT_LOG: Logged<ProductRow> = {
  module: PRODUCT_PAGE,
  fields: [
    'productKey',
    'name',
    'typeCode',
    'vendor',
    'model',
    'description',
    'params',
    'offlineAfterSeconds',
  ],
  nameOf: (product) => product.name,
};
const FUNCTION_LOG: Logged<FunctionRow> = {
  module: FUNCTION_PAGE,
  fields: ['productId', 'kind', 'identifier', 'name'],
  nameOf: (fn) => `${fn.identifier} ${fn.name}`,
};
const RULE_LOG: Logged<RuleRow> = {
  module: RULE_PAGE,
  fields: ['productId', 'name', 'identifier', 'operator', 'threshold', 'level', 'enabled'],
  nameOf: (rule) => rule.name,
};
const DEVICE_LOG: Logged<DeviceRow> = {
  module: DEVICE_PAGE,
  fields: [
    'deviceKey',
    'controlCode',
    'name',
    'productId',
    'projectId',
    'areaId',
    'siteId',
    'pointId',
    'segment',
    'longitude',
    'latitude',
    'address',
    'enabled',
    'remarks',
  ],
  nameOf: (device) => device.name,
};

/** Tells every instance the products' models or rules changed (their caches read them again). */
const productsChanged = (tx: Database, productIds: readonly number[]) =>
  publish(tx, { k: 'products.changed', productIds: [...new Set(productIds)] });

/** Tells every instance these devices' registry fields changed (connected ones keep their connection). */
async function changed(tx: Database, deviceKeys: readonly string[]) {
  for (let i = 0; i < deviceKeys.length; i += BUS_MAX_IDS)
    await publish(tx, { k: 'devices.changed', deviceKeys: deviceKeys.slice(i, i + BUS_MAX_IDS) });
}

/** Tells every instance's broker to drop these devices' connections. */
async function revoke(tx: Database, deviceKeys: readonly string[]) {
  for (let i = 0; i < deviceKeys.length; i += BUS_MAX_IDS) {
    await publish(tx, { k: 'devices.revoked', deviceKeys: deviceKeys.slice(i, i + BUS_MAX_IDS) });
  }
}

// ---- products ----

export const productPage = (ctx: DevicesCtx, request: z.output<typeof productListRequestSchema>) =>
  repo.productPage(ctx.db, request);

export const allProducts = (ctx: DevicesCtx, typeCode?: string) => repo.allProducts(ctx.db, typeCode);

const productOf = async (db: Database, productId: number) =>
  (await repo.findProduct(db, productId)) ?? refuse('product.notFound');

export async function productModel(ctx: DevicesCtx, productId: number): Promise<ThingModel> {
  const product = await productOf(ctx.db, productId);
  return { product, functions: await repo.functionsOf(ctx.db, productId) };
}

const productColumns = (input: ProductInput) => ({
  productKey: input.productKey,
  name: input.name,
  nameEn: input.nameEn,
  typeCode: input.typeCode,
  vendor: input.vendor,
  model: input.model,
  description: input.description,
  params: input.params,
  offlineAfterSeconds: input.offlineAfterSeconds,
});

/** Product keys are unique ignoring case (devices and vendors write them either way). */
async function checkProductKey(tx: Database, productKey: string, productId?: number) {
  await repo.lockKeys(tx, 'products');
  if (await repo.productKeyTaken(tx, productKey, productId)) refuse('product.keyTaken');
}

export function createProduct(ctx: DevicesCtx, actor: Actor, input: ProductInput) {
  return loggedChange(ctx, actor, 'create', PRODUCT_LOG, async (tx, now) => {
    await checkProductKey(tx, input.productKey);
    const id = await repo.insertProduct(tx, {
      ...productColumns(input),
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    await productsChanged(tx, [id]);
    return { id, before: null, after: await productOf(tx, id) };
  });
}

/** Saves a product; its device type stays while devices of it exist. */
export function updateProduct(ctx: DevicesCtx, actor: Actor, input: z.output<typeof updateProductSchema>) {
  const id = input.productId;
  return loggedChange(ctx, actor, 'update', PRODUCT_LOG, async (tx, now) => {
    const before = await productOf(tx, id);
    await checkProductKey(tx, input.productKey, id);
    if (input.typeCode !== before.typeCode && (await repo.devicesOfProduct(tx, id)) > 0)
      refuse('product.typeLocked');
    await repo.updateProduct(tx, id, { ...productColumns(input), editor: actor.account, updatedAt: now });
    await productsChanged(tx, [id]);
    return { id, before, after: await productOf(tx, id) };
  });
}

/** Deletes a product no device uses, with its functions and rules. */
export async function deleteProduct(ctx: DevicesCtx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'delete', PRODUCT_LOG, async (tx) => {
    const before = await productOf(tx, id);
    const count = await repo.devicesOfProduct(tx, id);
    if (count > 0) refuse('product.inUse', { count });
    await repo.deleteProduct(tx, id);
    await productsChanged(tx, [id]);
    return { id, before, after: null };
  });
}

// ---- functions ----

/** The function's fields without the id it came with: what the `definition` column holds. */
const definitionOf = (input: object): FunctionFields => {
  const { productId: _product, functionId: _function, ...fields } = input as Record<string, unknown>;
  return functionFieldsSchema.parse(fields);
};

const functionOf = async (db: Database, functionId: number) =>
  (await repo.findFunction(db, functionId)) ?? refuse('function.notFound');

const isNumeric = (fn: FunctionFields | null | undefined) =>
  fn?.kind === 'property' && (fn.spec.type === 'int' || fn.spec.type === 'float');

async function checkIdentifier(tx: Database, productId: number, identifier: string, functionId?: number) {
  // Under the products' lock: two administrators cannot both take a free identifier.
  await repo.lockKeys(tx, 'products');
  if (await repo.identifierTaken(tx, productId, identifier, functionId)) refuse('function.identifierTaken');
}

export function createFunction(ctx: DevicesCtx, actor: Actor, input: z.output<typeof createFunctionSchema>) {
  const definition = definitionOf(input);
  return loggedChange(ctx, actor, 'create', FUNCTION_LOG, async (tx) => {
    await productOf(tx, input.productId);
    await checkIdentifier(tx, input.productId, definition.identifier);
    const [created] = await repo.insertFunctions(tx, input.productId, [definition]);
    if (!created) refuse('function.identifierTaken');
    const id = created?.id ?? 0;
    await productsChanged(tx, [input.productId]);
    return { id, before: null, after: await functionOf(tx, id) };
  });
}

/** Saves a function; a property threshold rules watch stays numeric and keeps its identifier. */
export function updateFunction(ctx: DevicesCtx, actor: Actor, input: z.output<typeof updateFunctionSchema>) {
  const definition = definitionOf(input);
  const id = input.functionId;
  return loggedChange(ctx, actor, 'update', FUNCTION_LOG, async (tx) => {
    const before = await functionOf(tx, id);
    await checkIdentifier(tx, before.productId, definition.identifier, id);
    const watched = (await repo.rulesOn(tx, before.productId, before.identifier)) > 0;
    if (watched && (definition.identifier !== before.identifier || !isNumeric(definition)))
      refuse('rule.notNumeric');
    await repo.updateFunction(tx, id, definition);
    await productsChanged(tx, [before.productId]);
    return { id, before, after: await functionOf(tx, id) };
  });
}

/** Deletes a function and the threshold rules on it. */
export async function deleteFunction(ctx: DevicesCtx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'delete', FUNCTION_LOG, async (tx) => {
    const before = await functionOf(tx, id);
    await repo.deleteRulesOn(tx, before.productId, before.identifier);
    await repo.deleteFunction(tx, id);
    await productsChanged(tx, [before.productId]);
    return { id, before, after: null };
  });
}

// ---- threshold rules ----

export const ruleList = (ctx: DevicesCtx, productId?: number) => repo.rulesOf(ctx.db, productId);

const ruleOf = async (db: Database, ruleId: number) =>
  (await repo.findRule(db, ruleId)) ?? refuse('rule.notFound');

/**
 * A threshold or trend rule watches a numeric (int or float) property of its product, an event rule
 * one of its events (and its clearing event); an offline rule watches nothing.
 */
async function checkRule(tx: Database, input: RuleInput) {
  await productOf(tx, input.productId);
  if (input.mode === 'offline') return;
  const functions = await repo.functionsOf(tx, input.productId);
  const named = (identifier: string) => {
    const fn = functions.find((candidate) => candidate.identifier === identifier);
    return fn ?? refuse('alarmRule.unknownFunction', { identifier });
  };
  const watched = named(input.identifier);
  if (input.mode === 'event') {
    if (watched.kind !== 'event') refuse('alarmRule.notEvent');
    if (input.clearIdentifier !== '' && named(input.clearIdentifier).kind !== 'event')
      refuse('alarmRule.notEvent');
  } else if (!isNumeric(watched)) refuse('alarmRule.notNumeric');
}

const ruleColumns = (input: RuleInput) => ({
  productId: input.productId,
  name: input.name,
  nameEn: input.nameEn,
  mode: input.mode,
  identifier: input.mode === 'offline' ? OFFLINE_IDENTIFIER : input.identifier,
  operator: input.operator,
  threshold: input.threshold,
  windowSeconds: input.windowSeconds,
  clearOperator: input.clearOperator,
  clearThreshold: input.clearThreshold,
  clearIdentifier: input.clearIdentifier,
  durationSeconds: input.durationSeconds,
  repeatCount: input.repeatCount,
  level: input.level,
  autoHandle: input.autoHandle,
  repeatFrequency: input.repeatFrequency,
  schedule: input.schedule,
  enabled: input.enabled,
});

export function createRule(ctx: DevicesCtx, actor: Actor, input: RuleInput) {
  return loggedChange(ctx, actor, 'create', RULE_LOG, async (tx, now) => {
    await checkRule(tx, input);
    const id = await repo.insertRule(tx, { ...ruleColumns(input), editor: actor.account, updatedAt: now });
    await productsChanged(tx, [input.productId]);
    return { id, before: null, after: await ruleOf(tx, id) };
  });
}

export function updateRule(ctx: DevicesCtx, actor: Actor, input: z.output<typeof updateRuleSchema>) {
  const id = input.ruleId;
  return loggedChange(ctx, actor, 'update', RULE_LOG, async (tx, now) => {
    const before = await ruleOf(tx, id);
    await checkRule(tx, input);
    await repo.updateRule(tx, id, { ...ruleColumns(input), editor: actor.account, updatedAt: now });
    await productsChanged(tx, [before.productId, input.productId]);
    return { id, before, after: await ruleOf(tx, id) };
  });
}

export async function deleteRule(ctx: DevicesCtx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'delete', RULE_LOG, async (tx) => {
    const before = await ruleOf(tx, id);
    await repo.deleteRule(tx, id);
    await productsChanged(tx, [before.productId]);
    return { id, before, after: null };
  });
}

// ---- devices ----

/**
 * The projects whose devices the user sees: every one for a holder of the project page (who manages
 * every project), else the projects they were given.
 */
export async function projectScope(
  ctx: Pick<DevicesCtx, 'access'>,
  db: Database,
  userId: number,
): Promise<repo.ProjectScope> {
  return (await ctx.access.holds(userId, PROJECT)) ? null : repo.memberProjectIds(db, userId);
}

/**
 * The devices a picker offers the user (a maintenance record's, a new work order's): of the projects
 * they see; naming a project they may not see is refused.
 */
export async function deviceChoices(
  ctx: Pick<DevicesCtx, 'access' | 'db' | 'now'>,
  userId: number,
  query: DeviceChoiceQuery,
) {
  if (query.projectId !== undefined) await checkVisible(ctx, ctx.db, userId, query.projectId);
  return repo.deviceChoices(ctx.db, await projectScope(ctx, ctx.db, userId), query, DEVICE_CHOICES_MAX);
}

export async function devicePage(
  ctx: DevicesCtx,
  userId: number,
  request: z.output<typeof deviceListRequestSchema>,
) {
  return repo.devicePage(ctx.db, request, await projectScope(ctx, ctx.db, userId));
}

async function visibleDevice(ctx: DevicesCtx, db: Database, userId: number, deviceId: number) {
  const device = (await repo.findDevice(db, deviceId)) ?? refuse('device.notFound');
  await checkVisible(ctx, db, userId, device.projectId);
  return device;
}

export const findDevice = (ctx: DevicesCtx, userId: number, deviceId: number) =>
  visibleDevice(ctx, ctx.db, userId, deviceId);

/** A control code for every type but §9's 0101, 0001 and 1101, none for those; '' counts as none. */
export function controlCodeProblem(typeCode: string, controlCode: string | null) {
  const given = controlCode !== null && controlCode !== '';
  if (hasControlCode(typeCode) && !given) return 'device.controlCodeRequired' as const;
  if (!hasControlCode(typeCode) && given) return 'device.controlCodeNotAllowed' as const;
  return null;
}

/**
 * The rules of the device form: a project the user sees, a product that exists, the control code its
 * type asks for, a free key and code, an area and a site of the project. Takes the devices' lock.
 */
async function checkDevice(
  ctx: DevicesCtx,
  tx: Database,
  userId: number,
  input: DeviceInput,
  deviceId?: number,
) {
  await checkVisible(ctx, tx, userId, input.projectId);
  const product = await productOf(tx, input.productId);
  const codeProblem = controlCodeProblem(product.typeCode, input.controlCode);
  if (codeProblem) refuse(codeProblem);
  await repo.lockKeys(tx, 'devices');
  if (await repo.deviceKeyTaken(tx, input.deviceKey, deviceId)) refuse('device.keyTaken');
  if (input.controlCode && (await repo.controlCodeTaken(tx, input.controlCode, deviceId)))
    refuse('device.controlCodeTaken');
  if (input.areaId !== null && (await repo.areaProject(tx, input.areaId)) !== input.projectId)
    refuse('device.areaNotInProject');
  if (input.siteId !== null && (await repo.siteProject(tx, input.siteId)) !== input.projectId)
    refuse('device.siteNotInProject');
  if (input.pointId && (await repo.pointProject(tx, input.pointId)) !== input.projectId)
    refuse('point.notInProject');
}

const deviceColumns = (input: DeviceInput) => ({
  deviceKey: input.deviceKey,
  controlCode: input.controlCode || null,
  name: input.name,
  productId: input.productId,
  projectId: input.projectId,
  areaId: input.areaId,
  siteId: input.siteId,
  // Left out: the device stays where it is mounted (none for a new device).
  ...(input.pointId === undefined ? {} : { pointId: input.pointId }),
  segment: input.segment,
  longitude: input.longitude ?? null,
  latitude: input.latitude ?? null,
  address: input.address,
  enabled: input.enabled,
  remarks: input.remarks,
});

const deviceOf = async (db: Database, deviceId: number) =>
  (await repo.findDevice(db, deviceId)) ?? refuse('device.notFound');

/**
 * The licence is read before the transaction: on PGlite (one connection) a licence read that had to
 * go to the database from inside the transaction would wait for the transaction itself.
 */
export const readLicence = (ctx: DevicesCtx) => ctx.licence.status();

export async function createDevice(ctx: DevicesCtx, actor: Actor, input: DeviceInput) {
  await readLicence(ctx);
  return loggedChange(ctx, actor, 'create', DEVICE_LOG, async (tx, now) => {
    await checkDevice(ctx, tx, actor.userId, input);
    await ensureDeviceRoom(tx, ctx.licence, 1);
    const [id = 0] = await repo.insertDevices(tx, [
      {
        ...deviceColumns(input),
        ...secretColumns(ctx.secrets, newSecret()),
        editor: actor.account,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    return { id, before: null, after: await deviceOf(tx, id) };
  });
}

/** Saves a device; disabling it (or changing its key) drops its connection. */
export function updateDevice(ctx: DevicesCtx, actor: Actor, input: z.output<typeof updateDeviceSchema>) {
  const id = input.deviceId;
  return loggedChange(ctx, actor, 'update', DEVICE_LOG, async (tx, now) => {
    const before = await visibleDevice(ctx, tx, actor.userId, id);
    await checkDevice(ctx, tx, actor.userId, input, id);
    // A device moved to another project leaves the point it kept (points belong to one project).
    const leaves =
      input.pointId === undefined && before.pointId !== null && before.projectId !== input.projectId;
    await repo.updateDevice(tx, id, {
      ...deviceColumns(input),
      ...(leaves ? { pointId: null } : {}),
      editor: actor.account,
      updatedAt: now,
    });
    if ((before.enabled && !input.enabled) || before.deviceKey !== input.deviceKey)
      await revoke(tx, [before.deviceKey]);
    else await changed(tx, [before.deviceKey]);
    return { id, before, after: await deviceOf(tx, id) };
  });
}

export async function deleteDevice(ctx: DevicesCtx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'delete', DEVICE_LOG, async (tx) => {
    const before = await visibleDevice(ctx, tx, actor.userId, id);
    await repo.deleteDevices(tx, [id]);
    await revoke(tx, [before.deviceKey]);
    return { id, before, after: null };
  });
}

/** Deletes every device named, or none: each must exist and be in a project the user sees. */
export async function batchDeleteDevices(ctx: DevicesCtx, actor: Actor, ids: readonly number[]) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const wanted = [...new Set(ids)];
    const found = await repo.findDevices(tx, wanted);
    if (found.length !== wanted.length) refuse('device.notFound');
    for (const projectId of new Set(found.map((device) => device.projectId)))
      await checkVisible(ctx, tx, actor.userId, projectId);
    await repo.deleteDevices(tx, wanted);
    for (const device of found) {
      await recordAudit(tx, actor, now, {
        module: DEVICE_PAGE,
        action: 'delete',
        targetId: device.deviceId,
        targetName: device.name,
        changes: changedFields<DeviceRow>(device, null, DEVICE_LOG.fields),
      });
    }
    await revoke(
      tx,
      found.map((device) => device.deviceKey),
    );
  });
}

/** The device's key and secret and where to connect, for the installer; the reading is logged, the secret never. */
export async function deviceCredentials(
  ctx: DevicesCtx,
  actor: Actor,
  deviceId: number,
  hostname: string,
): Promise<DeviceCredentials> {
  const device = await visibleDevice(ctx, ctx.db, actor.userId, deviceId);
  const stored = (await repo.deviceSecret(ctx.db, deviceId)) ?? refuse('device.notFound');
  await recordAudit(ctx.db, actor, ctx.now(), {
    module: DEVICE_PAGE,
    action: 'credentials',
    targetId: deviceId,
    targetName: device.name,
  });
  return {
    deviceKey: stored.deviceKey,
    secret: ctx.secrets.open(stored.secretSealed),
    brokerUrl: brokerUrl(ctx.config, hostname),
  };
}

/** Gives the device a new secret; its connections drop and the old secret stops working at once. */
export async function resetDeviceSecret(
  ctx: DevicesCtx,
  actor: Actor,
  deviceId: number,
  hostname: string,
): Promise<DeviceCredentials> {
  const now = ctx.now();
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    const device = await visibleDevice(ctx, tx, actor.userId, deviceId);
    await repo.updateDevice(tx, deviceId, {
      ...secretColumns(ctx.secrets, secret),
      editor: actor.account,
      updatedAt: now,
    });
    await recordAudit(tx, actor, now, {
      module: DEVICE_PAGE,
      action: 'resetSecret',
      targetId: deviceId,
      targetName: device.name,
    });
    await revoke(tx, [device.deviceKey]);
    return {
      deviceKey: device.deviceKey,
      secret,
      brokerUrl: brokerUrl(ctx.config, hostname),
    };
  });
}

/** The overview: the devices of the user's projects (or of one of them), and the licence's count. */
export async function deviceOverview(
  ctx: DevicesCtx,
  userId: number,
  projectId?: number,
): Promise<DeviceOverview> {
  if (projectId !== undefined) await checkVisible(ctx, ctx.db, userId, projectId);
  const counts = await repo.overviewCounts(ctx.db, await projectScope(ctx, ctx.db, userId), projectId);
  return { ...counts, ...(await deviceUsage(ctx.db, ctx.licence)) };
}

// ---- secrets at rest ----

const RESEAL_BATCH = 1_000;

async function setSecretsInBatches(db: Database, rows: Parameters<typeof repo.setSecrets>[1]) {
  for (let i = 0; i < rows.length; i += RESEAL_BATCH)
    await repo.setSecrets(db, rows.slice(i, i + RESEAL_BATCH));
}

/**
 * Seals again every device secret that is plain or sealed with a key being rotated out (SECRETS_KEY,
 * SECRETS_KEY_PREVIOUS); run at start-up with the video platforms' secrets. Answers how many.
 */
export async function resealDeviceSecrets(db: Database, box: AppContext['secrets']): Promise<number> {
  const stale = (await repo.storedSecrets(db)).filter((row) => box.stale(row.secretSealed));
  await setSecretsInBatches(
    db,
    stale.map((row) => ({ ...row, secretSealed: box.seal(box.open(row.secretSealed)) })),
  );
  return stale.length;
}

/**
 * Gives a new random secret to every device still signing in with the demo fleet's secret, which
 * anyone can derive from its key (contract demo.ts): a demo database turned production
 * (db/seed/demoData.ts). Their connections drop on every instance. Answers how many.
 */
export async function replaceDemoFleetSecrets(db: Database, box: AppContext['secrets']): Promise<number> {
  const demo = (await repo.storedSecrets(db)).filter(
    (row) => row.secretHash === secretHash(demoFleetSecret(row.deviceKey)),
  );
  await setSecretsInBatches(
    db,
    demo.map((row) => ({ id: row.id, ...secretColumns(box, newSecret()) })),
  );
  await revoke(
    db,
    demo.map((row) => row.deviceKey),
  );
  return demo.length;
}
