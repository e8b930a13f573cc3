import {
  chinaDateTime,
  MESSAGE_EVENT_KINDS,
  MESSAGE_EVENTS,
  MESSAGE_TYPE_IDS,
  type MessageEventKind,
} from '@cityops/contract';
import { eq, inArray } from 'drizzle-orm';
import { DEMO_PROJECTS } from '../../db/seed/demo.js';
import { DEMO_PLACES } from '../../db/seed/videoCameras.js';
import { cameras, projects } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { produceMessage } from './produce.js';

type Ctx = Pick<AppContext, 'db' | 'now' | 'licence' | 'messageTemplates'>;

/** Kinds the platform itself produces from real events; the demo stream leaves them to those. */
const REAL_ONLY: ReadonlySet<MessageEventKind> = new Set([
  'user.passwordReset',
  'workOrder.refused',
  'workOrder.review',
  'workOrder.rejected',
  'licence.expiring',
  'video.platformDown',
]);

const ALARMS = ['灯具故障', '单灯控制器离线', '漏电告警', '电流过高', '箱门异常打开', '通信中断'];
const LEVELS = ['重要', '一般', '提示'];
const PEOPLE = ['张工', '李工', '刘海', '王师傅', '陈志远'];
const REPAIRS = ['更换灯具', '维修控制器', '排查线路', '更换电源'];
const TASKS = ['夜间巡检', '周例行巡检', '设备安全巡检', '节前亮灯检查'];
const FINDINGS = ['井盖缺失', '灯杆倾斜', '路灯白天常亮', '线缆裸露', '广告牌松动'];
const CITIZENS = ['王女士', '张先生', '李女士', '赵先生'];
const COMPLAINTS = ['路灯夜间不亮', '路灯闪烁影响休息', '灯杆锈蚀存在隐患', '景观灯过亮'];
const REVIEWS = ['灯杆广告位租赁申请', '智慧杆5G基站挂载申请', '夜景亮化方案变更', '节日亮灯模式申请'];
const APPLICANTS = ['李经理', '周主任', '陈工', '吴科长'];
const WARNINGS: readonly (readonly [string, string, string])[] = [
  ['环境监测站', 'PM2.5 超过预警值', '168 μg/m³'],
  ['3号回路', '回路电流持续偏高', '32.6 A'],
  ['噪声监测点', '噪声超过预警值', '78 dB'],
  ['智慧灯杆', '倾斜角度超限', '5.2°'],
];
const LAMP_NUMBERS = Array.from({ length: 40 }, (_, i) => String(i + 1));
const ALGORITHMS = ['占道经营识别', '垃圾满溢识别', '机动车违停识别', '烟火识别', '人员聚集识别'];

type Pick1 = <T>(items: readonly T[]) => T;

/**
 * A believable event of `kind` in a demo project: places are the demo sites, cameras the project's
 * seeded cameras (its lamps are named after the sites), times now.
 */
function demoValues(
  kind: MessageEventKind,
  pick: Pick1,
  where: { projectName: string; places: readonly string[]; cameras: readonly string[] },
  now: Date,
): Record<string, string> {
  const place = pick(where.places);
  const lamp = `${place}${pick(LAMP_NUMBERS)}号路灯`;
  const camera = where.cameras.length > 0 ? pick(where.cameras) : `${place}路口球机`;
  const time = chinaDateTime(now);
  const [device, warning, value] = pick(WARNINGS);
  const values: Record<MessageEventKind, Record<string, string>> = {
    'alarm.raised': { deviceName: lamp, alarmName: pick(ALARMS), level: pick(LEVELS), place, time },
    'video.platformDown': {},
    'workOrder.assigned': {
      orderNo: `GD${time.slice(0, 10).replaceAll('-', '')}${String(now.getTime() % 1000).padStart(3, '0')}`,
      title: `${pick(REPAIRS)}（${lamp}）`,
      assignee: pick(PEOPLE),
    },
    'workOrder.refused': {},
    'workOrder.review': {},
    'workOrder.rejected': {},
    'inspection.due': {
      taskName: `${place}${pick(TASKS)}`,
      time: chinaDateTime(now.getTime() + 2 * 3_600_000),
    },
    'patrol.finding': { routeName: `${place}巡查线路`, finding: pick(FINDINGS) },
    'citizen.complaint': { reporter: pick(CITIZENS), summary: `${place}${pick(COMPLAINTS)}` },
    'business.review': { title: pick(REVIEWS), applicant: pick(APPLICANTS) },
    'user.passwordReset': {},
    'earlyWarning.raised': { deviceName: `${place}${device}`, warning, value },
    'licence.expiring': {},
    'ai.alarm': { cameraName: camera, algorithm: pick(ALGORITHMS), time },
    'contract.expiring': {
      contractName: `${where.projectName}${pick(['维保合同', '电费托管合同', '设备采购合同'])}`,
      days: pick(['7', '15', '30']),
    },
  };
  return values[kind];
}

/**
 * One demo message: a random type of the nine (§9), one of its business events, a random demo project
 * (as long as it exists). Answers what the producer answered, or null when no demo project is left.
 */
export async function produceDemoMessage(ctx: Ctx, random: () => number = Math.random) {
  const pick: Pick1 = (items) =>
    items[Math.floor(random() * items.length) % items.length] as (typeof items)[number];
  const type = pick(MESSAGE_TYPE_IDS);
  const kinds = MESSAGE_EVENT_KINDS.filter(
    (kind) => MESSAGE_EVENTS[kind].type === type && !REAL_ONLY.has(kind),
  );
  const kind = pick(kinds);
  const names: string[] = DEMO_PROJECTS.map((project) => project.name);
  const found = await ctx.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.name, names));
  if (found.length === 0) return null;
  const project = pick(found);
  const index = names.indexOf(project.name);
  const places = DEMO_PLACES.filter((place) => place.project === index).map((place) => place.site);
  const cameraNames = await ctx.db
    .select({ name: cameras.name })
    .from(cameras)
    .where(eq(cameras.projectId, project.id))
    .limit(50);
  const values = demoValues(
    kind,
    pick,
    {
      projectName: project.name,
      places: places.length > 0 ? places : ['人民路'],
      cameras: cameraNames.map((camera) => camera.name),
    },
    ctx.now(),
  );
  return produceMessage(ctx.db, ctx, { kind, values, projectId: project.id });
}
