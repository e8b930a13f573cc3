import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createMaintenanceSchema,
  createOrgSchema,
  createUpgradeJobSchema,
  createWorkOrderSchema,
  handleAlarmsSchema,
  publishEditionSchema,
  TYPE_LAMP,
  TYPE_LOOP,
  uploadFirmwareSchema,
  type CreateMaintenance,
  type CreateOrg,
} from '@cityops/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../http/context.js';
import type { ReceivedFile } from '../../http/upload.js';
import { announceOpened } from '../../modules/alarms/announce.js';
import { handleAlarms, offlineChanged } from '../../modules/alarms/service.js';
import { packagesDir, publishEdition } from '../../modules/editions/service.js';
import { createJob, firmwareDir, uploadFirmware } from '../../modules/firmware/service.js';
import type { Actor } from '../../modules/logs/audit.js';
import { createRecord } from '../../modules/maintenance/service.js';
import { createOrg } from '../../modules/organizations/service.js';
import { createOrder } from '../../modules/workorders/service.js';
import { devices, messageTriggers, products, projects, users } from '../schema.js';
import { DEMO_ACCOUNTS, DEMO_PROJECTS } from './demo.js';

/**
 * The demo's first hour, played once through the modules' own services, so that every demo record
 * and message is what the product itself makes of an event: street lamps of the first demo project
 * raise their offline alarms (they are offline until the fleet simulator signs them in, which
 * recovers them), so do its loop controllers (no simulator plays them: theirs stay open, on 回路告警),
 * and each alarm sends its message linked to it; the admin turns one into a work order
 * dispatched to the operator (whose message names that order), opens another by hand, records
 * maintenance, publishes an app version and a lamp firmware with an upgrade job for the project's
 * lamps (the fleet simulator carries it out), and sets up the organization tree.
 *
 * Only with the demo fleet (its lamps) and once per database: the first instance to claim the
 * trigger `demo.events` plays it; later starts and other instances leave it.
 */

type Ctx = AppContext;

const CLAIM = 'demo.events';
/** How many lamps raise their offline alarm. */
const ALARMED_LAMPS = 3;
/** The lamps' firmware as the fleet simulator ships it is 1.0.0; the demo publishes the next one. */
const DEMO_FIRMWARE_VERSION = '1.1.0';

export async function seedDemoEvents(ctx: Ctx): Promise<boolean> {
  const cast = await castOf(ctx);
  if (!cast) return false;
  const [claimed] = await ctx.db
    .insert(messageTriggers)
    .values({ key: CLAIM, firedAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ key: messageTriggers.key });
  if (!claimed) return false;
  // What the admin holds, read now: the services ask inside their transactions, and PGlite's one
  // connection cannot serve the permission cache's read while a transaction holds it.
  await ctx.access.resources(cast.admin.userId);
  const alarmIds = await offlineAlarms(
    ctx,
    cast.lamps
      .filter((lamp) => !lamp.online)
      .slice(0, ALARMED_LAMPS)
      .map((lamp) => lamp.id),
  );
  await offlineAlarms(
    ctx,
    cast.loops.filter((loop) => !loop.online).map((loop) => loop.id),
  );
  await workOrders(ctx, cast, alarmIds[0]);
  await maintenance(ctx, cast);
  await firmware(ctx, cast);
  await editions(ctx, cast.admin);
  await organizations(ctx, cast.admin);
  return true;
}

interface Cast {
  projectId: number;
  admin: Actor;
  operatorId: number;
  /** The project's lamps, oldest first, with the product they are of. */
  lamps: CastDevice[];
  /** The project's loop controllers, oldest first. */
  loops: CastDevice[];
}

interface CastDevice {
  id: number;
  name: string;
  online: boolean;
  productId: number;
  typeCode: string;
}

/** Who and what plays the events: the first demo project, its admin and operator, its lamps. */
async function castOf(ctx: Ctx): Promise<Cast | null> {
  const [project] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.name, DEMO_PROJECTS[0].name));
  const people = await ctx.db.select({ id: users.id, userName: users.userName }).from(users);
  const admin = people.find((user) => user.userName === DEMO_ACCOUNTS.admin.userName);
  const operator = people.find((user) => user.userName === DEMO_ACCOUNTS.operator.userName);
  if (!project || !admin || !operator) return null;
  const cast = await ctx.db
    .select({
      id: devices.id,
      name: devices.name,
      online: devices.online,
      productId: devices.productId,
      typeCode: products.typeCode,
    })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(eq(devices.projectId, project.id), inArray(products.typeCode, [TYPE_LAMP, TYPE_LOOP])))
    .orderBy(asc(devices.id));
  const lamps = cast.filter((device) => device.typeCode === TYPE_LAMP);
  if (lamps.length === 0) return null;
  return {
    projectId: project.id,
    // The seed acts as the admin account, from no address: its log rows say so.
    admin: { userId: admin.id, account: DEMO_ACCOUNTS.admin.userName, sessionId: 0, ip: '' },
    operatorId: operator.id,
    lamps,
    loops: cast.filter((device) => device.typeCode === TYPE_LOOP),
  };
}

/** Devices still offline raise their products' offline alarms, each announced with its link. Answers their ids. */
async function offlineAlarms(ctx: Ctx, offline: readonly number[]): Promise<number[]> {
  const now = ctx.now();
  const { opened } = await ctx.db.transaction((tx) => offlineChanged(tx, offline, [], now));
  await announceOpened(ctx, opened);
  return opened.map((alarm) => alarm.alarmId);
}

/**
 * The first lamp's alarm becomes a work order dispatched to the operator (the handling an operator
 * does on 告警列表, with its message to the assignee); a second order, for another lamp, waits on
 * 工单管理 to be dispatched.
 */
async function workOrders(ctx: Ctx, cast: Cast, alarmId: number | undefined) {
  const second = cast.lamps.find((lamp) => lamp !== cast.lamps[0]);
  if (alarmId !== undefined)
    await handleAlarms(
      ctx,
      'alarm',
      { userId: cast.admin.userId, name: '系统管理员' },
      handleAlarmsSchema.parse({
        alarmIds: [alarmId],
        action: 'work_order',
        comment: '请到现场检查灯杆供电与单灯控制器',
        assigneeId: cast.operatorId,
      }),
      'zh-CN',
    );
  if (second)
    await createOrder(
      ctx,
      cast.admin.userId,
      createWorkOrderSchema.parse({
        title: `${second.name}灯罩破损更换`,
        description: '市民反映灯罩破损，夜间光线散射，需更换灯罩',
        level: 'common',
        projectId: cast.projectId,
        deviceId: second.id,
      }),
    );
}

/** Maintenance done on two lamps last week: one repaired, one inspected with a part on order. */
async function maintenance(ctx: Ctx, cast: Cast) {
  const day = 86_400_000;
  const records: (Omit<CreateMaintenance, 'deviceId' | 'maintainedAt'> & { daysAgo: number })[] = [
    {
      kind: 'repair',
      fault: '灯具不亮',
      content: '更换LED驱动电源，通电测试正常',
      result: 'fixed',
      maintainer: '刘海',
      maintainerPhone: '13826549876',
      costCents: '260.00',
      daysAgo: 6,
    },
    {
      kind: 'inspect',
      fault: '',
      content: '夜间巡检：亮度偏低，控制器固件待升级',
      result: 'pending',
      maintainer: '王强',
      maintainerPhone: '13926541122',
      costCents: null,
      daysAgo: 2,
    },
  ];
  for (const [index, { daysAgo, ...record }] of records.entries()) {
    const lamp = cast.lamps[index];
    if (!lamp) continue;
    await createRecord(
      ctx,
      cast.admin,
      createMaintenanceSchema.parse({
        ...record,
        deviceId: lamp.id,
        maintainedAt: new Date(ctx.now().getTime() - daysAgo * day).toISOString(),
      }),
    );
  }
}

/** A file written where the upload route puts what it receives, as the route would hand it over. */
async function received(directory: string, fileName: string, content: string): Promise<ReceivedFile> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, `demo-${randomUUID()}`);
  const bytes = Buffer.from(content, 'utf8');
  await writeFile(path, bytes);
  return { path, size: bytes.length, checksum: createHash('sha256').update(bytes).digest('hex'), fileName };
}

/** The lamp controllers' next firmware and a job upgrading every lamp of the project to it. */
async function firmware(ctx: Ctx, cast: Cast) {
  const productId = cast.lamps[0]?.productId;
  if (productId === undefined) return;
  const file = await received(
    firmwareDir(ctx),
    `lc1-${DEMO_FIRMWARE_VERSION}.bin`,
    `LC-1 single-lamp controller firmware ${DEMO_FIRMWARE_VERSION} (CityOps demo)\n`,
  );
  const uploaded = await uploadFirmware(
    ctx,
    cast.admin,
    uploadFirmwareSchema.parse({
      productId,
      version: DEMO_FIRMWARE_VERSION,
      notes: '调光曲线优化，修复夜间偶发掉线',
    }),
    file,
  );
  await createJob(
    ctx,
    cast.admin,
    createUpgradeJobSchema.parse({
      name: `单灯控制器升级至${DEMO_FIRMWARE_VERSION}`,
      firmwareId: uploaded.firmwareId,
      projectId: cast.projectId,
    }),
  );
}

/** Two published versions of the operations app (版本服务). */
async function editions(ctx: Ctx, admin: Actor) {
  const published = [
    {
      platform: 'android',
      version: '2.3.0',
      notes: '新增工单拍照上传；告警推送支持静音时段',
      forceUpdate: false,
    },
    { platform: 'windows', version: '1.8.2', notes: '值班客户端：修复视频窗口切换卡顿', forceUpdate: true },
  ] as const;
  for (const edition of published) {
    const extension = edition.platform === 'android' ? 'apk' : 'exe';
    const file = await received(
      packagesDir(ctx),
      `cityops-${edition.version}.${extension}`,
      `CityOps ${edition.platform} ${edition.version} (demo package)\n`,
    );
    await publishEdition(ctx, admin, publishEditionSchema.parse(edition), file);
  }
}

/** The organizations behind the demo projects: the city authority, its departments, the O&M company. */
async function organizations(ctx: Ctx, admin: Actor) {
  const create = (org: CreateOrg) => createOrg(ctx, admin, createOrgSchema.parse(org));
  const bureau = await create({
    name: '深圳市南山区城市管理和综合执法局',
    orgType: 'government',
    longitude: 113.93041,
    latitude: 22.53332,
    responsible: '陈志远',
    phone: '13826541234',
    peopleCount: 320,
    departmentCount: 3,
    sortNum: 1,
  });
  await create({
    name: '市政照明科',
    parentId: bureau.orgId,
    orgType: 'department',
    responsible: '刘海',
    phone: '13826549876',
    peopleCount: 24,
    sortNum: 1,
  });
  await create({
    name: '指挥调度中心',
    parentId: bureau.orgId,
    orgType: 'department',
    responsible: '王强',
    phone: '13926541122',
    peopleCount: 18,
    sortNum: 2,
  });
  await create({
    name: '深圳城运照明运维有限公司',
    orgType: 'maintenance',
    projectStart: '2024-03-01',
    projectEnd: '2027-02-28',
    responsible: '张伟',
    phone: '13612345678',
    peopleCount: 56,
    departmentCount: 2,
    sortNum: 2,
  });
}
