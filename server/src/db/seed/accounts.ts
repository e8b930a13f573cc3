import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/password.js';
import type { Database } from '../connection.js';
import { roles, userProjects, userRoles, users } from '../schema.js';

export interface NewAccount {
  userName: string;
  password: string;
  name: string;
  /** 0 platform administrator, 1 ordinary user. */
  userType: number;
  roleCodes: readonly string[];
  /** The first one becomes the default-load project. */
  projectIds: readonly number[];
}

/**
 * Creates an account with its roles and projects, unless the user name is taken: answers the new id,
 * or null when the account already existed (it is then left exactly as it is).
 */
export async function createAccount(db: Database, account: NewAccount): Promise<number | null> {
  // Hashing is the slow part of every start-up, so skip it for accounts that are already there.
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, account.userName));
  if (existing) return null;
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        userName: account.userName,
        name: account.name,
        passwordHash,
        userType: account.userType,
        defaultProjectId: account.projectIds[0] ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) return null;
    if (account.roleCodes.length > 0) {
      const held = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.code, [...account.roleCodes]));
      if (held.length > 0)
        await tx.insert(userRoles).values(held.map((role) => ({ userId: created.id, roleId: role.id })));
    }
    if (account.projectIds.length > 0) {
      await tx
        .insert(userProjects)
        .values(account.projectIds.map((projectId) => ({ userId: created.id, projectId })));
    }
    return created.id;
  });
}
