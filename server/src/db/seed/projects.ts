import { eq } from 'drizzle-orm';
import type { Database } from '../connection.js';
import {
  projectAuditors,
  projectCycles,
  projectPosts,
  projectPostUsers,
  projectSegments,
  userProjects,
  users,
} from '../schema.js';

/**
 * The demo projects' teams and plans: a post tree with the demo accounts in it, the alarm auditors,
 * and a plan with one cycle. Only for a project that has no posts yet, so later edits survive a restart.
 */
export async function seedDemoTeams(db: Database, projectIds: readonly number[]) {
  for (const projectId of projectIds) {
    if ((await db.$count(projectPosts, eq(projectPosts.projectId, projectId))) > 0) continue;
    await db.transaction(async (tx) => {
      const [manager] = await tx
        .insert(projectPosts)
        .values({ projectId, name: '项目经理', sortNum: 1 })
        .returning({ id: projectPosts.id });
      if (!manager) return;
      const [engineer, duty] = await tx
        .insert(projectPosts)
        .values([
          { projectId, parentId: manager.id, name: '实施工程师', sortNum: 1 },
          { projectId, parentId: manager.id, name: '运维值班', sortNum: 2 },
        ])
        .returning({ id: projectPosts.id });
      const members = await tx
        .select({ userId: users.id, userName: users.userName })
        .from(userProjects)
        .innerJoin(users, eq(users.id, userProjects.userId))
        .where(eq(userProjects.projectId, projectId));
      const postOf = { admin: manager.id, operator: duty?.id ?? engineer?.id } as Record<string, number>;
      const held = members.flatMap((member) => {
        const postId = postOf[member.userName];
        return postId ? [{ projectId, userId: member.userId, postId }] : [];
      });
      if (held.length > 0) await tx.insert(projectPostUsers).values(held);
      const admin = members.find((member) => member.userName === 'admin');
      if (admin) {
        await tx
          .insert(projectAuditors)
          .values({ projectId, businessType: 'alarm', userId: admin.userId, position: 0 });
      }
      const [cycle] = await tx
        .insert(projectCycles)
        .values({ projectId, name: '一期建设', startDate: '2025-03-01', endDate: '2025-12-31', sortNum: 1 })
        .returning({ id: projectCycles.id });
      if (!cycle) return;
      await tx.insert(projectSegments).values([
        {
          cycleId: cycle.id,
          name: '现场勘查',
          startDate: '2025-03-01',
          endDate: '2025-03-31',
          state: 'done',
          ownerId: admin?.userId ?? null,
        },
        {
          cycleId: cycle.id,
          name: '设备安装调试',
          startDate: '2025-04-01',
          endDate: '2025-08-31',
          state: 'inProgress',
          ownerId: admin?.userId ?? null,
        },
        {
          cycleId: cycle.id,
          name: '竣工验收',
          startDate: '2025-09-01',
          endDate: '2025-12-31',
          state: 'notStarted',
        },
      ]);
    });
  }
}
