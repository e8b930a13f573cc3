import { eq } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { messages, users } from '../schema.js';

/** Demo messages (spec §9 types: 1 alarm … 9 contract), hours before the seed ran; some already read. */
const DEMO_MESSAGES: { type: number; content: string; hoursAgo: number; read: boolean }[] = [
  { type: 1, content: '南山区科技园南路 12 号灯杆单灯控制器离线，请尽快排查。', hoursAgo: 1, read: false },
  { type: 2, content: '工单 GD20260315-0042 已派发给您：深南大道路灯不亮维修。', hoursAgo: 3, read: false },
  { type: 7, content: '预警：西湖景区北山街回路电流持续偏高，可能存在漏电风险。', hoursAgo: 6, read: false },
  { type: 3, content: '本周路灯巡检计划已生成，共 36 个点位，请按时完成。', hoursAgo: 20, read: true },
  { type: 8, content: 'AI 告警：视频监控识别到白石路段有占道施工未设围挡。', hoursAgo: 26, read: false },
  { type: 5, content: '市民反馈：后海大道人行道路灯闪烁，已转为工单处理。', hoursAgo: 49, read: true },
  { type: 9, content: '合同提醒：杭州西湖景区亮化工程维保合同将于 30 天后到期。', hoursAgo: 72, read: true },
];

/**
 * Gives the demo accounts a few messages, only while the account has none at all: insert-only like
 * the rest of the seed, and a restart never duplicates them.
 */
export async function seedDemoMessages(db: Database, userName: string, now = new Date()) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!user) return;
  const [existing] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.userId, user.id))
    .limit(1);
  if (existing) return;
  await db.insert(messages).values(
    DEMO_MESSAGES.map((message) => {
      const time = new Date(now.getTime() - message.hoursAgo * 3_600_000);
      return {
        userId: user.id,
        messageType: message.type,
        messageContent: message.content,
        createTime: time,
        notifyTime: time,
        readStatus: message.read,
      };
    }),
  );
}
