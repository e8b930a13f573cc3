import { PARAMETER_GROUPS, type ParameterGroup } from '@cityops/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { systemSettings } from '../settings/tables.js';

/** The system_settings key of a parameter group: one JSON object per group. */
export const settingKey = (group: ParameterGroup) => `parameters.${group}`;
const KEYS = PARAMETER_GROUPS.map(settingKey);

/** The groups an administrator has saved, as stored (checked by the caller). */
export async function savedGroups(db: Database): Promise<Partial<Record<ParameterGroup, unknown>>> {
  const rows = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, KEYS));
  return Object.fromEntries(
    PARAMETER_GROUPS.flatMap((group) => {
      const row = rows.find(({ key }) => key === settingKey(group));
      return row ? [[group, row.value]] : [];
    }),
  );
}

/** Writes one group's values (inside the caller's transaction). */
export async function saveGroup(db: Database, group: ParameterGroup, value: object, now: Date) {
  await db
    .insert(systemSettings)
    .values({ key: settingKey(group), value, updatedAt: now })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } });
}
