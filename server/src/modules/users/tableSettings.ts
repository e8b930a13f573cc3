import type { TableSettings } from '@cityops/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../http/context.js';
import { userTableSettings } from './tables.js';

/** Column settings per user and list: read, save (replace), reset. */
type Ctx = Pick<AppContext, 'db' | 'now'>;

const one = (userId: number, tableKey: string) =>
  and(eq(userTableSettings.userId, userId), eq(userTableSettings.tableKey, tableKey));

export async function readTableSettings(
  ctx: Ctx,
  userId: number,
  tableKey: string,
): Promise<TableSettings | null> {
  const [row] = await ctx.db
    .select({ tableKey: userTableSettings.tableKey, columns: userTableSettings.columns })
    .from(userTableSettings)
    .where(one(userId, tableKey));
  return row ?? null;
}

export async function saveTableSettings(ctx: Ctx, userId: number, settings: TableSettings) {
  const values = { columns: settings.columns, updatedAt: ctx.now() };
  await ctx.db
    .insert(userTableSettings)
    .values({ userId, tableKey: settings.tableKey, ...values })
    .onConflictDoUpdate({ target: [userTableSettings.userId, userTableSettings.tableKey], set: values });
  return settings;
}

export async function resetTableSettings(ctx: Ctx, userId: number, tableKey: string) {
  await ctx.db.delete(userTableSettings).where(one(userId, tableKey));
}
