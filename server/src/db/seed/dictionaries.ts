import type { Database } from '../connection.js';
import { dictionary } from '../schema.js';

/** The spec's dictionaries (§3, §4, §9), by dicCode, as [itemCode, itemName] in display order. */
export const DICTIONARIES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  alarm_state: [
    ['waiting', '待处理'],
    ['confirmed', '已确认'],
    ['invalid', '转无效'],
    ['work_order', '转工单'],
    ['auto_recover', '自动恢复'],
    ['finish', '处理完成'],
  ],
  alarm_level: [
    ['error', '重要'],
    ['common', '一般'],
    ['tips', '提示'],
  ],
  message_type: [
    ['1', '告警'],
    ['2', '工单'],
    ['3', '巡检'],
    ['4', '巡更'],
    ['5', '市民互动'],
    ['6', '业务流转'],
    ['7', '预警'],
    ['8', 'AI告警'],
    ['9', '合同'],
  ],
  work_order_source: [
    ['120201', '常规工单'],
    ['120202', '告警转工单'],
    ['120203', '巡检发现'],
    ['120204', '预警转工单'],
  ],
  push_status: [
    ['success', '发送成功'],
    ['fail', '发送失败'],
    ['sending', '发送中'],
    ['unsent', '未发送'],
    ['preparing', '准备中'],
    ['pushed', '已推送'],
    ['expired', '已过期'],
    ['invalid', '已失效'],
    ['deleted', '已删除'],
  ],
};

/** Adds missing items; items already there (perhaps renamed by an administrator) stay as they are. */
export async function seedDictionaries(db: Database) {
  const rows = Object.entries(DICTIONARIES).flatMap(([dicCode, items]) =>
    items.map(([itemCode, itemName], i) => ({ dicCode, itemCode, itemName, sort: (i + 1) * 10 })),
  );
  await db.insert(dictionary).values(rows).onConflictDoNothing();
}
