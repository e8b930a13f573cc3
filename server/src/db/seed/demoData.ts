import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { endUserSessions } from '../../modules/auth/sessions.js';
import { hashPassword } from '../../modules/auth/password.js';
import { replaceDemoFleetSecrets } from '../../modules/devices/service.js';
import type { Database } from '../connection.js';
import { demoSeed, users } from '../schema.js';
import { loadSecretBox } from '../secretBox.js';
import { DEMO_ACCOUNTS } from './demo.js';

/**
 * A database seeded in demo mode carries published secrets: the demo accounts' passwords (README) and
 * the demo fleet's device secrets (derived from the device key, contract demo.ts). The `demo_seed` row
 * says so; production starts on it only to replace them (CITYOPS_ROTATE_DEMO_SECRETS).
 */

/** Written in the demo seed's transaction: no demo data is ever committed without the mark. */
export async function markDemoData(db: Database, now: Date) {
  await db.insert(demoSeed).values({ seededAt: now }).onConflictDoNothing();
}

/** When the database was first seeded in demo mode, or null if it holds no demo data. */
export async function demoSeededAt(db: Database): Promise<Date | null> {
  const [mark] = await db.select({ seededAt: demoSeed.seededAt }).from(demoSeed);
  return mark?.seededAt ?? null;
}

/** Why production does not start on a demo database, and the two ways on. */
export function demoDataRefusal(database: string, seededAt: Date): string {
  return [
    `${database} holds demo data (seeded in demo mode, first on ${seededAt.toISOString()}): the demo accounts' passwords and the demo devices' secrets are published, so CITYOPS_MODE=production does not start on it.`,
    '  Either start production on a new database (an empty DATA_DIR, or another DATABASE_URL),',
    "  or keep this data and replace every demo secret once: set CITYOPS_ROTATE_DEMO_SECRETS=1 (admin's password becomes CITYOPS_ADMIN_PASSWORD, the demo accounts are disabled, the demo devices get new secrets).",
  ].join('\n');
}

/** The demo accounts other than admin: disabled by the rotation. */
const DEMO_USERS = [DEMO_ACCOUNTS.operator.userName, DEMO_ACCOUNTS.nobody.userName];

/**
 * Replaces every demo secret in one transaction and removes the mark: admin's password becomes
 * CITYOPS_ADMIN_PASSWORD, the other demo accounts are disabled with a random password no one knows, the
 * sessions of all of them end, and every device still on its demo fleet secret gets a new one. Answers
 * what was done, one line each, without a secret.
 */
export async function rotateDemoSecrets(db: Database, config: Config, now: Date): Promise<string[]> {
  const adminPassword = config.CITYOPS_ADMIN_PASSWORD;
  // The configuration requires it in production; checked again because here it is the key to the data.
  if (!adminPassword) throw new Error('CITYOPS_ADMIN_PASSWORD is required to rotate the demo secrets');
  const box = await loadSecretBox(config);
  const adminHash = await hashPassword(adminPassword);
  const unknownHash = await hashPassword(randomBytes(24).toString('base64url'));
  return db.transaction(async (tx) => {
    const done: string[] = [];
    const [admin] = await tx
      .update(users)
      .set({
        passwordHash: adminHash,
        passwordChangedAt: now,
        mustChangePassword: false,
        failedCount: 0,
        lockedUntil: null,
        updatedAt: now,
      })
      .where(eq(users.userName, DEMO_ACCOUNTS.admin.userName))
      .returning({ id: users.id });
    if (admin) {
      await endUserSessions(tx, admin.id);
      done.push('admin: password set from CITYOPS_ADMIN_PASSWORD, its sessions ended');
    }
    const disabled = await tx
      .update(users)
      .set({ status: 'disabled', passwordHash: unknownHash, passwordChangedAt: now, updatedAt: now })
      .where(inArray(users.userName, DEMO_USERS))
      .returning({ id: users.id, userName: users.userName });
    for (const account of disabled) await endUserSessions(tx, account.id);
    if (disabled.length > 0)
      done.push(
        `demo accounts ${disabled.map((account) => account.userName).join(', ')}: disabled, given a random password no one knows, their sessions ended (an administrator may reset the password and enable them in 用户管理)`,
      );
    const devices = await replaceDemoFleetSecrets(tx, box);
    done.push(
      `${devices} device(s) on the demo fleet's secrets: each given a new random secret, shown by 设备密钥 (Device secret) on the device list (设备列表); their connections dropped`,
    );
    await tx.delete(demoSeed);
    done.push('the demo mark removed: CITYOPS_ROTATE_DEMO_SECRETS may be unset');
    return done;
  });
}
