import { eq } from 'drizzle-orm';
import type { Database } from '../connection.js';
import {
  areas,
  projectAuditors,
  projectCycles,
  projectPosts,
  projectPostUsers,
  projectSegments,
  sites,
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

/** A rectangle from (west, south) to (east, north). */
const rectangle = (west: number, south: number, east: number, north: number) => [
  { lng: west, lat: south },
  { lng: east, lat: south },
  { lng: east, lat: north },
  { lng: west, lat: north },
];

/**
 * The Nanshan demo project's areas and sites, inside its outline: a directory with two nodes that share
 * an edge, a site in each node and one outside any area. Only for a project that has no areas yet.
 */
export async function seedDemoAreas(db: Database, projectId: number) {
  if ((await db.$count(areas, eq(areas.projectId, projectId))) > 0) return;
  await db.transaction(async (tx) => {
    const [park] = await tx
      .insert(areas)
      .values({
        projectId,
        name: '科技园片区',
        type: 'areadir',
        polygon: rectangle(113.925, 22.528, 113.94, 22.54),
        editor: 'admin',
      })
      .returning({ id: areas.id });
    if (!park) return;
    const [north, south] = await tx
      .insert(areas)
      .values([
        {
          projectId,
          parentId: park.id,
          name: '科技园北区',
          type: 'areanode',
          polygon: rectangle(113.925, 22.534, 113.94, 22.54),
          sortNum: 1,
          editor: 'admin',
        },
        {
          projectId,
          parentId: park.id,
          name: '科技园南区',
          type: 'areanode',
          polygon: rectangle(113.925, 22.528, 113.94, 22.534),
          sortNum: 2,
          editor: 'admin',
        },
      ])
      .returning({ id: areas.id });
    await tx.insert(sites).values([
      {
        projectId,
        areaId: north?.id ?? null,
        name: '深南大道科技园站',
        longitude: 113.9325,
        latitude: 22.537,
        address: '深南大道9988号',
        contact: '刘海',
        contactPhone: '0755-26581234',
        editor: 'admin',
      },
      {
        projectId,
        areaId: south?.id ?? null,
        name: '科技园南路站',
        longitude: 113.93041,
        latitude: 22.5315,
        address: '科技园南路12号',
        editor: 'admin',
      },
      {
        projectId,
        name: '后海大道站',
        longitude: 113.94,
        latitude: 22.526,
        address: '后海大道2388号',
        editor: 'admin',
      },
    ]);
  });
}
