import { StatusCode, type CameraEntry, type CameraTree, type VideoPlatform } from '@cityops/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { cameras, projects, userProjects } from '../../db/schema.js';
import { VideoError } from './errors.js';

export type CameraRow = typeof cameras.$inferSelect;

const toEntry = (row: CameraRow): CameraEntry => ({
  controlCode: row.controlCode,
  devName: row.name,
  recordLocation: row.recordLocation,
  hasPtz: row.hasPtz,
  deviceDto: {
    controlCode: row.controlCode,
    lng: row.longitude,
    lat: row.latitude,
    devName: row.name,
    siteName: row.siteName,
    areaName: row.areaName,
    accessWay: row.accessWay === 'dh_icc_huati' ? 'dh_icc_huati' : 'hik_isc_huati',
  },
});

/**
 * The cameras of the user's projects, as project → area → site → camera, in the order areas, sites
 * and cameras were first met (cameras by their sort number). Projects without a camera are left out.
 */
export async function cameraTree(
  db: Database,
  userId: number,
  filter: { platformCode?: VideoPlatform | undefined; projectId?: number | undefined },
): Promise<CameraTree> {
  const rows = await db
    .select({ camera: cameras, projectName: projects.name })
    .from(cameras)
    .innerJoin(projects, eq(projects.id, cameras.projectId))
    .innerJoin(
      userProjects,
      and(eq(userProjects.projectId, cameras.projectId), eq(userProjects.userId, userId)),
    )
    .where(
      and(
        filter.platformCode ? eq(cameras.platformCode, filter.platformCode) : undefined,
        filter.projectId ? eq(cameras.projectId, filter.projectId) : undefined,
      ),
    )
    .orderBy(asc(cameras.projectId), asc(cameras.sortNum), asc(cameras.id));
  const tree: CameraTree = [];
  for (const { camera, projectName } of rows) {
    let project = tree.find((node) => node.projectId === camera.projectId);
    if (!project) tree.push((project = { projectId: camera.projectId, projectName, areas: [] }));
    let area = project.areas.find((node) => node.areaName === camera.areaName);
    if (!area) project.areas.push((area = { areaName: camera.areaName, sites: [] }));
    let site = area.sites.find((node) => node.siteName === camera.siteName);
    if (!site) area.sites.push((site = { siteName: camera.siteName, cameras: [] }));
    site.cameras.push(toEntry(camera));
  }
  return tree;
}

/**
 * The named cameras of the platform, if the user may see every one of them (they are in one of the
 * user's projects); otherwise a refusal naming the codes that are unknown or not theirs.
 */
export async function visibleCameras(
  db: Database,
  userId: number,
  platformCode: VideoPlatform,
  codes: readonly string[],
): Promise<Map<string, CameraRow>> {
  const wanted = [...new Set(codes)];
  const rows = await db
    .select({ camera: cameras })
    .from(cameras)
    .innerJoin(
      userProjects,
      and(eq(userProjects.projectId, cameras.projectId), eq(userProjects.userId, userId)),
    )
    .where(and(eq(cameras.platformCode, platformCode), inArray(cameras.controlCode, wanted)));
  const found = new Map(rows.map(({ camera }) => [camera.controlCode, camera]));
  const missing = wanted.filter((code) => !found.has(code));
  if (missing.length > 0) {
    throw new VideoError(StatusCode.REJECTED, 'video.cameraUnknown', {
      codes: missing.join(',').slice(0, 300),
    });
  }
  return found;
}
