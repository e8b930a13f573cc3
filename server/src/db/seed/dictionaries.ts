import { sql } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { dictionary, dictionaryTypes } from '../schema.js';

/** The spec's dictionaries (§3, §4, §9), by dicCode, as [itemCode, itemName] in display order. */
export const DICTIONARIES = {
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
  gender: [
    ['male', '男'],
    ['female', '女'],
  ],
  org_type: [
    ['government', '政府部门'],
    ['enterprise', '企业'],
    ['institution', '事业单位'],
    ['maintenance', '运维单位'],
    ['department', '内部部门'],
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
} as const satisfies Record<string, readonly (readonly [string, string])[]>;

/** Names of the dictionary types, as the data dictionary page lists them. */
export const DICTIONARY_TYPES: Readonly<Record<keyof typeof DICTIONARIES, string>> = {
  alarm_state: '告警状态',
  alarm_level: '告警级别',
  message_type: '消息类型',
  work_order_source: '工单来源',
  gender: '性别',
  org_type: '组织类型',
  push_status: '推送状态',
};

/** Adds missing items; items already there (perhaps renamed by an administrator) stay as they are. */
export async function seedDictionaries(db: Database) {
  await db
    .insert(dictionaryTypes)
    .values(
      Object.entries(DICTIONARY_TYPES).map(([code, name], i) => ({ code, name, sortNum: (i + 1) * 10 })),
    )
    // A type the migration created from its items' code gets its name; a renamed one keeps its own.
    .onConflictDoUpdate({
      target: dictionaryTypes.code,
      set: { name: sql`excluded.name` },
      setWhere: sql`${dictionaryTypes.name} = ${dictionaryTypes.code}`,
    });
  const rows = Object.entries(DICTIONARIES).flatMap(([dicCode, items]) =>
    items.map(([itemCode, itemName], i) => ({ dicCode, itemCode, itemName, sort: (i + 1) * 10 })),
  );
  await db.insert(dictionary).values(rows).onConflictDoNothing();
}
