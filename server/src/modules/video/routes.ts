import {
  PLATFORM_HIK,
  PLATFORM_ICC,
  StatusCode,
  VIDEO_PERMISSIONS,
  videoEndpoints,
  type VideoPlatform,
} from '@cityops/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionInfo } from '../../http/context.js';
import { route, signedIn } from '../../http/route.js';
import { actorOf, recordAudit } from '../logs/audit.js';
import { cameraTree, visibleCameras } from './cameras.js';
import { answerVideoError, VideoError } from './errors.js';
import { perCamera } from './fanOut.js';
import { PlatformHealth } from './health.js';
import { HikAdapter } from './hik/hikAdapter.js';
import { IccAdapter } from './icc/iccAdapter.js';
import { IccTokens } from './icc/iccToken.js';
import { allSettings, saveSettings, usablePlatform } from './settings.js';

/** How often one user may fetch the plug-in's parameters, which carry the platform's secret. */
const SECRET_HANDOUTS = { max: 10, windowMs: 60 * 60_000 } as const;

/**
 * Video (video-talk-alarm-header.md §7): the players' calls, answered through the platform adapters,
 * the camera tree of the user's projects, and the administrators' platform settings.
 */
export default async function videoRoutes(app: FastifyInstance) {
  const { db, now, secrets } = app.cityops;
  // Looked up at each call, so a test can watch what reaches the platforms by spying on fetch.
  const fetcher: typeof fetch = (input, init) => fetch(input, init);
  // Every call to a platform also tells whether it answers (a message when it stops: health.ts).
  const health = new PlatformHealth(app.cityops, app.log);
  const hikFetch = health.watch(PLATFORM_HIK, fetcher);
  const iccFetch = health.watch(PLATFORM_ICC, fetcher);
  const tokens = new IccTokens(iccFetch);
  app.setErrorHandler(answerVideoError);

  const hik = async () => new HikAdapter(await usablePlatform(db, secrets, PLATFORM_HIK), hikFetch);
  const icc = async () => new IccAdapter(await usablePlatform(db, secrets, PLATFORM_ICC), tokens, iccFetch);
  /** Refuses codes the user may not see before anything reaches the platform. */
  const check = (
    input: { session: Parameters<typeof signedIn>[0]['session'] },
    platform: VideoPlatform,
    codes: string[],
  ) => visibleCameras(db, signedIn(input).userId, platform, codes);

  route(app, videoEndpoints.cameraTree, (input) =>
    cameraTree(db, signedIn(input).userId, {
      platformCode: input.query.platformCode,
      projectId: input.query.projectId,
    }),
  );

  /**
   * The desktop plug-in's parameters (spec §7), which carry the platform's Artemis secret: only for
   * users who may watch live (the endpoints' access), at most SECRET_HANDOUTS.max times an hour per
   * user, and each hand-out in the operation log. The secret itself lives as long as the platform
   * keeps it; rotating it there is the remedy if it leaks (README).
   */
  const handouts = new Map<number, number[]>();
  const platformInfo = async (input: { session: SessionInfo | null; request: FastifyRequest }) => {
    const session = signedIn(input);
    const at = now();
    const since = at.getTime() - SECRET_HANDOUTS.windowMs;
    const recent = (handouts.get(session.userId) ?? []).filter((time) => time > since);
    if (recent.length >= SECRET_HANDOUTS.max) {
      const minutes = Math.ceil(((recent[0] ?? since) - since) / 60_000);
      throw new VideoError(StatusCode.REJECTED, 'video.secretTooOften', { minutes: Math.max(1, minutes) });
    }
    const row = await usablePlatform(db, secrets, PLATFORM_HIK);
    handouts.set(session.userId, [...recent, at.getTime()]);
    await recordAudit(db, actorOf(session, input.request), at, {
      module: VIDEO_PERMISSIONS.live,
      action: 'platformSecret',
      targetName: PLATFORM_HIK,
    });
    return { appKey: row.appKey, appSecret: row.appSecret, appHost: new URL(row.baseUrl).host };
  };
  route(app, videoEndpoints.hikAppSecret, platformInfo);
  route(app, videoEndpoints.hikPlatformInfo, platformInfo);

  route(app, videoEndpoints.hikPreviewUrls, async (input) => {
    const { cameraIndexCodes, platformCode: _, ...request } = input.body;
    await check(input, PLATFORM_HIK, cameraIndexCodes);
    const adapter = await hik();
    return perCamera(cameraIndexCodes, (code) => adapter.previewUrl(code, request));
  });

  route(app, videoEndpoints.hikPlaybackUrls, async (input) => {
    const { param, protocol, transmode, expand, streamform, uuid } = input.body;
    await check(
      input,
      PLATFORM_HIK,
      param.map((ask) => ask.cameraIndexCode),
    );
    const adapter = await hik();
    const asks = new Map(param.map((ask) => [ask.cameraIndexCode, ask]));
    return perCamera(asks, (_, ask) =>
      adapter.playback(ask, { protocol, transmode, expand, streamform, uuid }),
    );
  });

  route(app, videoEndpoints.hikTalkUrls, async (input) => {
    const asks = new Map(input.body.map((ask) => [ask.cameraIndexCode, ask]));
    await check(input, PLATFORM_HIK, [...asks.keys()]);
    const adapter = await hik();
    return perCamera(asks, (code, { protocol, transmode, expand, eurlExpand }) =>
      adapter.talkUrl(code, { protocol, transmode, expand, eurlExpand }),
    );
  });

  route(app, videoEndpoints.iccPreviewUrls, async (input) => {
    const { controlCodes, streamType } = input.body;
    await check(input, PLATFORM_ICC, controlCodes);
    const adapter = await icc();
    return perCamera(controlCodes, (code) => adapter.previewUrl(code, streamType));
  });

  route(app, videoEndpoints.iccPlaybackUrls, async (input) => {
    const { param, streamType, recordType } = input.body;
    await check(
      input,
      PLATFORM_ICC,
      param.map((ask) => ask.controlCode),
    );
    const adapter = await icc();
    const asks = new Map(param.map((ask) => [ask.controlCode, ask]));
    return perCamera(asks, (_, ask) => adapter.playbackUrl(ask, { streamType, recordType }));
  });

  route(app, videoEndpoints.iccTalkUrl, async (input) => {
    const { controlCodes, platformCode: _, type: __, ...request } = input.body;
    await check(input, PLATFORM_ICC, controlCodes);
    const adapter = await icc();
    return perCamera(controlCodes, (code) => adapter.talkUrl(code, request));
  });

  route(app, videoEndpoints.iccStopTalk, async (input) => {
    const { controlCodes } = input.body;
    await check(input, PLATFORM_ICC, controlCodes);
    const adapter = await icc();
    const stopped = await perCamera(controlCodes, (code) => adapter.stopTalk(code));
    return { stopped: Object.keys(stopped) };
  });

  route(app, videoEndpoints.iccPresetPoints, async (input) => {
    const { controlCode } = input.query;
    const camera = (await check(input, PLATFORM_ICC, [controlCode])).get(controlCode);
    if (!camera?.hasPtz) throw new VideoError(StatusCode.REJECTED, 'video.noPtz', { code: controlCode });
    return (await icc()).presetPoints(controlCode);
  });

  route(app, videoEndpoints.iccPtz, async (input) => {
    const { controlCode, action, command, speed, presetPointCode, presetPointName } = input.body;
    const camera = (await check(input, PLATFORM_ICC, [controlCode])).get(controlCode);
    if (!camera?.hasPtz) throw new VideoError(StatusCode.REJECTED, 'video.noPtz', { code: controlCode });
    await (await icc()).ptz(controlCode, { action, command, speed, presetPointCode, presetPointName });
    return null;
  });

  route(app, videoEndpoints.platformSettings, () => allSettings(db, secrets));

  route(app, videoEndpoints.updatePlatformSettings, (input) => saveSettings(db, secrets, input.body, now()));
}
