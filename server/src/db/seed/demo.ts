import {
  ALARM_PAGE_BUTTONS,
  BUTTON_CODES,
  WORK_ORDER_PAGE,
  DEVICE_OVERVIEW_PAGE,
  DEVICE_PAGE,
  menuGroupCode,
  MESSAGE_CENTRE_PAGE,
  MSG_PAGE_CODE,
  ROUTE_TABLE,
  SWITCH_PAGE,
} from '@cityops/contract';
import { inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { seedDemoDevices } from '../../modules/devices/seed.js';
import { seedDemoAlarmBoxes } from '../../modules/alarmbox/seed.js';
import type { Database } from '../connection.js';
import { loadSecretBox } from '../secretBox.js';
import { projects, resources, roleResources, roles } from '../schema.js';
import { createAccount } from './accounts.js';
import { ADMIN_ROLE } from './catalogue.js';
import { seedDemoAreas, seedDemoTeams } from './projects.js';
import { seedDemoVideo } from './video.js';

/** Demo data (CITYOPS_MODE=demo only): two real projects and three accounts, one per kind of user. */

export const DEMO_PROJECTS = [
  {
    name: '深圳南山智慧路灯示范项目',
    longitude: 113.93041,
    latitude: 22.53332,
    customer: '深圳市南山区城市管理和综合执法局',
    hosting: 'hosted',
    phase: 'operating',
    implementedOn: '2024-03-01',
    deliveredOn: '2024-09-30',
    leader: '陈志远',
    leaderPhone: '13826541234',
    opsLeader: '刘海',
    opsLeaderPhone: '0755-26581234',
    remarks: '南山区主干道单灯控制与智慧杆示范',
    polygon: [
      { lng: 113.91862, lat: 22.52455 },
      { lng: 113.94507, lat: 22.52193 },
      { lng: 113.95216, lat: 22.53698 },
      { lng: 113.93788, lat: 22.54812 },
      { lng: 113.91625, lat: 22.54107 },
    ],
  },
  {
    name: '杭州西湖景区亮化工程',
    longitude: 120.14186,
    latitude: 30.24602,
    customer: '杭州市西湖风景名胜区管委会',
    hosting: 'self',
    phase: 'implementing',
    implementedOn: '2025-04-01',
    deliveredOn: null,
    leader: '王静',
    leaderPhone: '13957101234',
    opsLeader: '',
    opsLeaderPhone: '',
    remarks: '环湖景观亮化与节日模式',
    polygon: [
      { lng: 120.13021, lat: 30.23488 },
      { lng: 120.15702, lat: 30.23317 },
      { lng: 120.16623, lat: 30.25046 },
      { lng: 120.15118, lat: 30.26297 },
      { lng: 120.12856, lat: 30.25573 },
    ],
  },
] as const;

export const DEMO_ACCOUNTS = {
  admin: { userName: 'admin', password: 'Admin@123' },
  operator: { userName: 'operator', password: 'Operator@123' },
  nobody: { userName: 'nobody', password: 'Nobody@123' },
} as const;

const OPERATOR_ROLE = 'operator';

const pagesUnder = (prefix: string) =>
  ROUTE_TABLE.filter((route) => route.path.startsWith(prefix) && route.access === 'permission').map(
    (r) => r.code,
  );

/**
 * What the operator may do: watch the video monitor, the device list and overview, the environment and
 * well-lid pages, switch the smart switches, work the alarm lists and the work orders dispatched to
 * them, answer alarm calls, read messages. The README promises them the message centre: its page
 * comes with the header's bell (msg_page), so the bell never leads to a page they cannot open.
 */
export const OPERATOR_CODES = [
  'iotcloud',
  menuGroupCode('iotcloud', 'iot/videoMonitor'),
  ...pagesUnder('/iotcloud/iot/videoMonitor/'),
  menuGroupCode('iotcloud', 'iot/assetMorror'),
  DEVICE_PAGE,
  DEVICE_OVERVIEW_PAGE,
  menuGroupCode('iotcloud', 'iot/envMonitor'),
  ...pagesUnder('/iotcloud/iot/envMonitor/'),
  menuGroupCode('iotcloud', 'iot/wellLid'),
  ...pagesUnder('/iotcloud/iot/wellLid/'),
  menuGroupCode('iotcloud', 'smartSwitch'),
  SWITCH_PAGE,
  `${SWITCH_PAGE}_control`,
  'omapp',
  menuGroupCode('omapp', 'assets/alarmManagement'),
  ...pagesUnder('/omapp/assets/alarmManagement/'),
  ALARM_PAGE_BUTTONS.handle,
  // Work orders dispatched to them: accept, work and submit; dispatch and review stay with admins.
  menuGroupCode('omapp', 'assets/om'),
  WORK_ORDER_PAGE,
  // The one-key alarm calls: an operator on duty answers them.
  menuGroupCode('iotcloud', 'iot/alarmbox'),
  ...pagesUnder('/iotcloud/iot/alarmbox/'),
  'admin',
  MESSAGE_CENTRE_PAGE,
  BUTTON_CODES[MESSAGE_CENTRE_PAGE].markRead,
  MSG_PAGE_CODE,
];

async function seedProjects(db: Database): Promise<number[]> {
  const names = DEMO_PROJECTS.map((project) => project.name);
  const present = await db
    .select({ name: projects.name })
    .from(projects)
    .where(inArray(projects.name, names));
  const missing = DEMO_PROJECTS.filter((project) => !present.some((row) => row.name === project.name));
  if (missing.length > 0) {
    await db
      .insert(projects)
      .values(missing.map((project) => ({ ...project, polygon: [...project.polygon] })));
  }
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.name, names));
  return names.map((name) => rows.find((row) => row.name === name)?.id ?? 0).filter((id) => id > 0);
}

async function seedOperatorRole(db: Database) {
  const [created] = await db
    .insert(roles)
    .values({ code: OPERATOR_ROLE, name: '值班操作员', description: '视频监控与告警处理' })
    .onConflictDoNothing()
    .returning({ id: roles.id });
  // Only a new role gets its permissions: later edits on the roles page survive a restart.
  if (!created) return;
  const held = await db
    .select({ id: resources.id })
    .from(resources)
    .where(inArray(resources.code, OPERATOR_CODES));
  await db
    .insert(roleResources)
    .values(held.map((resource) => ({ roleId: created.id, resourceId: resource.id })));
}

export async function seedDemo(db: Database, config: Config) {
  const projectIds = await seedProjects(db);
  await seedOperatorRole(db);
  await createAccount(db, {
    ...DEMO_ACCOUNTS.admin,
    name: '系统管理员',
    userType: 0,
    roleCodes: [ADMIN_ROLE],
    projectIds,
  });
  await createAccount(db, {
    ...DEMO_ACCOUNTS.operator,
    name: '值班员小王',
    userType: 1,
    roleCodes: [OPERATOR_ROLE],
    projectIds: projectIds.slice(0, 1),
  });
  await createAccount(db, {
    ...DEMO_ACCOUNTS.nobody,
    name: '访客',
    userType: 1,
    roleCodes: [],
    projectIds: [],
  });
  await seedDemoTeams(db, projectIds);
  if (projectIds[0]) await seedDemoAreas(db, projectIds[0]);
  await seedDemoVideo(db, projectIds);
  if (projectIds[0])
    await seedDemoDevices(db, await loadSecretBox(config), projectIds[0], config.DEMO_DEVICES);
  // The alarm columns come with the demo fleet (the simulators sign both in); tests register their own.
  if (projectIds[0] && config.DEMO_DEVICES > 0)
    await seedDemoAlarmBoxes(db, await loadSecretBox(config), projectIds[0]);
}
