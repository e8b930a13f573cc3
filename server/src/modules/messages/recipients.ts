import { MSG_PAGE_CODE } from '@cityops/contract';
import { sql, type SQL } from 'drizzle-orm';
import { resources, roleResources, userProjects, userRoles, users } from '../../db/schema.js';

/** Who a message goes to: named users, or the holders of a permission code (default: its type's page). */
export type Audience = { userIds: readonly number[] } | { code: string };

export interface RecipientRule {
  audience: Audience;
  /** The message's project: only its members get it. */
  projectId: number | null;
}

/**
 * Whether the user in `users` holds `code` as the permission system decides it (users/permissions.ts
 * userResources): a public resource, or one of any of the user's roles (the built-in admin role holds
 * every resource through role_resources, which the seed and resource creation keep complete). Codes
 * match ignoring case (spec §6).
 */
const holds = (code: string) => sql`exists (
  select 1 from ${resources} r
  where lower(r.code) = lower(${code})
    and (r.is_public or exists (
      select 1 from ${roleResources} rr join ${userRoles} ur on ur.role_id = rr.role_id
      where rr.resource_id = r.id and ur.user_id = ${users.id})))`;

/**
 * The recipient rule, as a condition on `users`: an enabled user who holds msg_page (the message
 * centre, spec §6) and
 * - for a code audience, holds that code too (a message's type page by default, MESSAGE_TYPES);
 * - for a userIds audience, is one of those users (and nothing else is asked of them);
 * and, when the message concerns a project, is one of its members (user_projects, the rule of
 * GET /sys/project/listByUser: administrators included, they see the projects they belong to).
 *
 * The licence is the caller's part (produce.ts): a code of a system the licence does not open is held
 * by nobody, whoever the user is, so it is checked once per message rather than per user. msg_page
 * belongs to the platform's own administration, which every licence serves.
 */
export function recipientCondition(rule: RecipientRule): SQL {
  const conditions: SQL[] = [sql`${users.status} = 'enabled'`, holds(MSG_PAGE_CODE)];
  if ('code' in rule.audience) conditions.push(holds(rule.audience.code));
  else {
    conditions.push(sql`${users.id} = any(${intArray(rule.audience.userIds)})`);
  }
  if (rule.projectId !== null) {
    conditions.push(sql`exists (
      select 1 from ${userProjects} up where up.user_id = ${users.id} and up.project_id = ${rule.projectId})`);
  }
  return sql.join(conditions, sql` and `);
}

/** The largest serial (int4) id. */
export const MAX_ID = 2_147_483_647;

/**
 * Ids as one parameter (a PostgreSQL array literal), however many there are; what cannot be a serial
 * id (not a whole number, or beyond int4) is left out rather than failing the query.
 */
export const intArray = (ids: readonly number[]) =>
  sql`${`{${ids.filter((id) => Number.isInteger(id) && Math.abs(id) <= MAX_ID).join(',')}}`}::integer[]`;
