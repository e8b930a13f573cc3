import { createWorkOrderSchema, OPEN_WORK_ORDER_STATES } from '@cityops/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS, DEMO_PROJECTS } from '../../db/seed/demo.js';
import { devices, projects, users, workOrders } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { assigneesOf, createOrder } from '../workorders/service.js';

type Ctx = Pick<AppContext, 'db' | 'now' | 'access' | 'config' | 'licence' | 'messageTemplates'>;

/** What the demo dispatcher finds wrong with a device, and how urgent it is. */
const REPAIRS = [
  ['灯具不亮，请现场检修', 'error'],
  ['设备外壳破损，请更换', 'common'],
  ['夜间巡检发现亮度偏低，请调试', 'tips'],
  ['线缆裸露存在隐患，请整改', 'error'],
  ['设备倾斜，请复位加固', 'common'],
] as const;

/** The demo dispatcher stops opening orders while a project has this many open: the crew is busy. */
export const DEMO_OPEN_ORDERS_MAX = 12;

/**
 * The demo stream (every DEMO_MESSAGE_SECONDS in demo mode): the admin, as the dispatcher on duty,
 * opens a real work order by hand on a device of a demo project and dispatches it to the project's
 * members in turn, through the work-order service, so the message it sends (新工单) names an order
 * that 工单管理 opens. Alarms and early warnings come from the devices themselves (the fleet
 * simulator). Answers what the message producer answered, or null when nothing was opened.
 */
export async function produceDemoMessage(ctx: Ctx, random: () => number = Math.random) {
  const [dispatcher] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, DEMO_ACCOUNTS.admin.userName));
  if (!dispatcher) return null;
  const found = await ctx.db
    .select({ id: projects.id, open: count(workOrders.id) })
    .from(projects)
    .leftJoin(
      workOrders,
      and(eq(workOrders.projectId, projects.id), inArray(workOrders.state, [...OPEN_WORK_ORDER_STATES])),
    )
    .where(
      inArray(
        projects.name,
        DEMO_PROJECTS.map((project) => project.name),
      ),
    )
    .groupBy(projects.id)
    .orderBy(asc(projects.id));
  const candidates = found.filter((project) => project.open < DEMO_OPEN_ORDERS_MAX);
  const project = candidates[Math.floor(random() * candidates.length) % Math.max(candidates.length, 1)];
  if (!project) return null;
  const members = await assigneesOf(ctx, dispatcher.id, project.id);
  // In turn, so everyone on the project gets orders; the same every run, as the count says.
  const assignee = members[project.open % Math.max(members.length, 1)];
  if (!assignee) return null;
  const [device] = await ctx.db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(eq(devices.projectId, project.id))
    .orderBy(sql`random()`)
    .limit(1);
  const [repair, level] = REPAIRS[Math.floor(random() * REPAIRS.length) % REPAIRS.length] ?? REPAIRS[0];
  const order = await createOrder(
    ctx,
    dispatcher.id,
    createWorkOrderSchema.parse({
      title: device ? `${device.name}：${repair}` : repair,
      level,
      projectId: project.id,
      deviceId: device?.id ?? null,
      assigneeId: assignee.userId,
    }),
  );
  return { orderId: order.orderId, orderNo: order.orderNo, assigneeId: assignee.userId };
}
