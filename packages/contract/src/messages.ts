import { z } from 'zod';
import { BUTTON_CODES } from './admin/buttons.js';
import { namedText } from './admin/fields.js';
import { defineEndpoint, noQuery, permission } from './endpoint.js';
import { MSG_PAGE_CODE } from './permissions.js';
import { findRouteByCode } from './routes.js';

/**
 * The message centre (platform-shell.md §3 Message, §4 notifier, §7 Messages, §9 message types) and
 * its templates. A message is one event's text, delivered to each user it concerns with a
 * read status of their own.
 */

/** §9: the nine message types, each with the page its messages open (the code of that page's route). */
export const MESSAGE_TYPES = {
  1: { key: 'alarm', page: 'alarmList' },
  2: { key: 'workOrder', page: 'omWorkOrder' },
  3: { key: 'inspection', page: 'omInspection' },
  4: { key: 'patrol', page: 'intelligentPatrol' },
  5: { key: 'citizenInteraction', page: 'complaintManagement' },
  6: { key: 'businessCirculation', page: 'businessReview' },
  7: { key: 'earlyWarning', page: 'ewInfoList' },
  8: { key: 'aiAlarm', page: 'identifyAlarm' },
  9: { key: 'contract', page: 'contracts' },
} as const;
export type MessageType = keyof typeof MESSAGE_TYPES;
export const MESSAGE_TYPE_IDS = Object.keys(MESSAGE_TYPES).map(Number) as MessageType[];
export const ALARM_MESSAGE_TYPE = 1 satisfies MessageType;

/** The page a message of `type` opens, e.g. `/omapp/assets/alarmManagement/alarmList` for an alarm. */
export function messageTypePath(type: MessageType): string {
  const route = findRouteByCode(MESSAGE_TYPES[type].page);
  if (!route)
    throw new Error(
      `message type ${type} names the page ${MESSAGE_TYPES[type].page}, not in the route table`,
    );
  return route.path;
}

/**
 * The query parameter of a link to one record (`/omapp/assets/om/omWorkOrder?open=12`): the page
 * opens that record's detail, so a message names something a click opens.
 */
export const OPEN_RECORD_PARAM = 'open';

/** The link to record `id` on the page `pageCode` (an alarm on 告警列表, an order on 工单管理). */
export function recordLink(pageCode: string, id: number): string {
  const route = findRouteByCode(pageCode);
  if (!route) throw new Error(`no page ${pageCode} in the route table`);
  return `${route.path}?${OPEN_RECORD_PARAM}=${id}`;
}

/**
 * The events that produce messages, each rendered through the template in force for it. `variables`
 * are the names its template may use, with the sample values the template page previews.
 */
export const MESSAGE_EVENTS = {
  'alarm.raised': {
    type: 1,
    variables: {
      deviceName: '1号路灯',
      alarmName: '灯具故障',
      level: '重要',
      place: '人民路东段',
      time: '2026-11-24 08:30:00',
    },
    title: '设备告警：{deviceName}',
    content: '{time} {place}的{deviceName}发生{level}告警：{alarmName}，请及时处理。',
  },
  'video.platformDown': {
    type: 1,
    variables: { platformName: '海康综合安防平台', time: '2026-11-24 08:30:00', reason: '连接超时' },
    title: '视频平台不可达：{platformName}',
    content: '{time} 视频平台{platformName}无法连接（{reason}），视频监控暂不可用。',
  },
  'workOrder.assigned': {
    type: 2,
    variables: { orderNo: 'GD20261124001', title: '更换1号路灯灯具', assignee: '张工' },
    title: '新工单：{orderNo}',
    content: '工单{orderNo}“{title}”已派发给{assignee}，请及时处理。',
  },
  'workOrder.refused': {
    type: 2,
    variables: {
      orderNo: 'GD20261124001',
      title: '更换1号路灯灯具',
      assignee: '张工',
      reason: '不在责任片区',
    },
    title: '工单被退回：{orderNo}',
    content: '{assignee}退回了工单{orderNo}“{title}”（{reason}），请重新派发。',
  },
  'workOrder.review': {
    type: 2,
    variables: { orderNo: 'GD20261124001', title: '更换1号路灯灯具', assignee: '张工' },
    title: '工单待审核：{orderNo}',
    content: '{assignee}已提交工单{orderNo}“{title}”的处理结果，请及时审核。',
  },
  'workOrder.rejected': {
    type: 2,
    variables: {
      orderNo: 'GD20261124001',
      title: '更换1号路灯灯具',
      reviewer: '李主管',
      reason: '照片不清晰',
    },
    title: '工单审核未通过：{orderNo}',
    content: '{reviewer}驳回了工单{orderNo}“{title}”（{reason}），请继续处理。',
  },
  'inspection.due': {
    type: 3,
    variables: { taskName: '人民路夜间巡检', time: '2026-11-24 20:00:00' },
    title: '巡检任务：{taskName}',
    content: '巡检任务“{taskName}”将于{time}开始，请按时执行。',
  },
  'patrol.finding': {
    type: 4,
    variables: { routeName: '滨江路巡查线路', finding: '井盖缺失' },
    title: '智能巡查发现问题',
    content: '{routeName}巡查发现：{finding}，已生成待办。',
  },
  'citizen.complaint': {
    type: 5,
    variables: { reporter: '王女士', summary: '小区门口路灯夜间不亮' },
    title: '市民投诉',
    content: '{reporter}投诉：{summary}。',
  },
  'business.review': {
    type: 6,
    variables: { title: '灯杆广告位租赁申请', applicant: '李经理' },
    title: '待评审业务：{title}',
    content: '{applicant}提交的“{title}”等待您评审。',
  },
  'user.passwordReset': {
    type: 6,
    variables: { userName: 'operator', operator: '管理员', time: '2026-11-24 08:30:00' },
    title: '密码已重置',
    content: '您的账号{userName}的密码已于{time}由{operator}重置，下次登录时须修改密码。',
  },
  'earlyWarning.raised': {
    type: 7,
    variables: { deviceName: '2号环境监测站', warning: 'PM2.5 超过预警值', value: '168 μg/m³' },
    title: '预警：{deviceName}',
    content: '{deviceName}{warning}（当前{value}），请关注。',
  },
  'licence.expiring': {
    type: 7,
    variables: { days: '15', expiryDate: '2026-12-09' },
    title: '许可证即将到期',
    content: '平台许可证将于{expiryDate}到期（剩余{days}天），请及时续期。',
  },
  'ai.alarm': {
    type: 8,
    variables: { cameraName: '人民路口球机', algorithm: '占道经营识别', time: '2026-11-24 08:30:00' },
    title: 'AI识别告警：{algorithm}',
    content: '{time} {cameraName}识别到{algorithm}，请核实处理。',
  },
  'contract.expiring': {
    type: 9,
    variables: { contractName: '2026年路灯维保合同', days: '30' },
    title: '合同即将到期',
    content: '合同“{contractName}”将在{days}天后到期，请及时办理续签。',
  },
} as const satisfies Record<
  string,
  { type: MessageType; variables: Record<string, string>; title: string; content: string }
>;
export type MessageEventKind = keyof typeof MESSAGE_EVENTS;
export const MESSAGE_EVENT_KINDS = Object.keys(MESSAGE_EVENTS) as MessageEventKind[];
export const messageEventKindSchema = z.enum(
  MESSAGE_EVENT_KINDS as [MessageEventKind, ...MessageEventKind[]],
);

/** Template lengths: a title, and a content that renders within a message's 2000 characters. */
export const TEMPLATE_TITLE_MAX = 50;
export const TEMPLATE_CONTENT_MAX = 500;

const VARIABLE = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The variable names a template text uses, in order of first use. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1] ?? ''))];
}

/** Fills `{name}` with its value; a name without a value stays as written. */
export function renderTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) => values[name] ?? whole);
}

/** The names a template of `kind` uses that its event does not supply. */
export function unknownVariables(kind: MessageEventKind, text: string): string[] {
  const known = MESSAGE_EVENTS[kind].variables;
  return templateVariables(text).filter((name) => !(name in known));
}

export const messageSchema = z.object({
  id: z.number().int(),
  /** 1-9, platform-shell.md §9. */
  messageType: z.number().int().min(1).max(9),
  title: z.string(),
  messageContent: z.string(),
  createTime: z.string(),
  notifyTime: z.string().nullable(),
  readStatus: z.boolean(),
  /** The project it concerns; null for the platform's own (licence, accounts). */
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  /** The page it opens: its own, or its type's (messageTypePath). */
  link: z.string().nullable(),
  /**
   * The same message in English (messageText picks by the interface language); null when it has one
   * text only: stored before messages had both, or rendered through a template edited in one language.
   */
  inEnglish: z.object({ title: z.string(), messageContent: z.string() }).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

const isoTime = z.iso.datetime({ offset: true });

export const messagePageRequestSchema = z
  .object({
    pageNum: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(100).default(15),
    readStatus: z.boolean().optional(),
    messageType: z.number().int().min(1).max(9).optional(),
    /** createTime from (inclusive) and to (exclusive), ISO 8601 with offset. */
    startTime: isoTime.optional(),
    endTime: isoTime.optional(),
  })
  // Compared as moments: the two may carry different offsets.
  .refine((q) => !q.startTime || !q.endTime || Date.parse(q.startTime) < Date.parse(q.endTime), {
    message: 'field.endAfterStart',
    path: ['endTime'],
  });

export const messagePageSchema = z.object({
  messageList: z.array(messageSchema),
  noReadCount: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const MESSAGE_TEMPLATE_PAGE = 'messageTemplate';

export const messageTemplateSchema = z.object({
  eventKind: messageEventKindSchema,
  messageType: z.number().int().min(1).max(9),
  title: z.string(),
  content: z.string(),
  /** Whether it is the shipped text (never edited, or reset). */
  isDefault: z.boolean(),
  updateTime: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const updateMessageTemplateSchema = z
  .object({
    eventKind: messageEventKindSchema,
    // Refused naming the field (参数title不合法：…): 'field.required' needs the field's label, which
    // the server's answer cannot supply.
    title: namedText(TEMPLATE_TITLE_MAX),
    content: namedText(TEMPLATE_CONTENT_MAX),
  })
  .strict();

/**
 * Message centre calls (platform-shell.md §7 Messages), all needing msg_page. `service` sends them to
 * the message centre's own base address (page setting messageCenterUrl).
 */
export const messageEndpoints = {
  pageList: defineEndpoint({
    method: 'POST',
    path: '/sys/message/pageList',
    service: 'messageCenter',
    access: permission(MSG_PAGE_CODE),
    query: noQuery,
    body: messagePageRequestSchema,
    data: messagePageSchema,
  }),
  recordDeal: defineEndpoint({
    method: 'POST',
    path: '/sys/message/recordDeal',
    service: 'messageCenter',
    access: permission(MSG_PAGE_CODE),
    query: noQuery,
    body: z.object({
      recordIds: z.array(z.number().int()).min(1).max(1000),
      readStatus: z.literal(true),
    }),
    data: z.object({ updated: z.number().int() }),
  }),
  /** Marks every unread message of the caller read (the page's 全部已读). */
  readAll: defineEndpoint({
    method: 'POST',
    path: '/sys/message/readAll',
    service: 'messageCenter',
    access: permission(MSG_PAGE_CODE),
    query: noQuery,
    body: z.object({}).strict().optional(),
    data: z.object({ updated: z.number().int() }),
  }),
} as const;

/** messageTemplate (消息模板): every event's template, edited and reset by the edit button's holders. */
export const messageTemplateEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/sys/messageTemplate/list',
    access: permission(MESSAGE_TEMPLATE_PAGE),
    query: noQuery,
    body: z
      .object({ messageType: z.number().int().min(1).max(9).optional() })
      .strict()
      .optional(),
    data: z.array(messageTemplateSchema),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/messageTemplate/update',
    access: permission(BUTTON_CODES.messageTemplate.edit),
    query: noQuery,
    body: updateMessageTemplateSchema,
    data: messageTemplateSchema,
  }),
  /** Back to the shipped text. */
  reset: defineEndpoint({
    method: 'POST',
    path: '/sys/messageTemplate/reset',
    access: permission(BUTTON_CODES.messageTemplate.edit),
    query: noQuery,
    body: z.object({ eventKind: messageEventKindSchema }).strict(),
    data: messageTemplateSchema,
  }),
} as const;
