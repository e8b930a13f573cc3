import { chinaDateTime, findRouteByCode, PARAMETER_MANAGE, type VideoPlatform } from '@cityops/contract';
import type { AppContext } from '../../http/context.js';
import { produceMessage } from '../messages/produce.js';
import { onceFor, releaseTrigger } from '../messages/triggers.js';
import { PLATFORM_NAMES } from './errors.js';
import type { Fetch } from './platformHttp.js';

type Ctx = Pick<AppContext, 'db' | 'now' | 'licence' | 'messageTemplates'>;

interface Log {
  error(details: object, message: string): void;
}

/** Why a platform did not answer, as the message says it. */
const REASONS = { TimeoutError: '连接超时', unreachable: '无法建立连接' } as const;

/**
 * Whether the camera platforms answer, as the server's own calls to them find it (there is no probe:
 * a platform is contacted when someone watches, plays back or talks). A call that gets no HTTP answer
 * at all (refused, unresolvable, timed out) finds it unreachable; any HTTP answer finds it reachable.
 *
 * On the transition reachable → unreachable the holders of the platforms' settings page
 * (parameterManage, where they are configured) get `video.platformDown`, once: the first instance to
 * claim `video.platformDown:<platform>` says it, and the claim is given up when a call gets an answer
 * again. Each instance remembers which platforms it has seen answer, so a reachable platform costs no
 * query per call.
 */
export class PlatformHealth {
  private readonly answering = new Set<VideoPlatform>();

  constructor(
    private readonly ctx: Ctx,
    private readonly log: Log,
  ) {}

  /** `fetcher`, watched: what its calls to `platform` find is noted (never changing their outcome). */
  watch(platform: VideoPlatform, fetcher: Fetch): Fetch {
    return async (input, init) => {
      let response: Response;
      try {
        response = await fetcher(input, init);
      } catch (error) {
        if (!(error instanceof Error && error.name === 'AbortError')) {
          const reason =
            error instanceof Error && error.name === 'TimeoutError' ? 'TimeoutError' : 'unreachable';
          await this.quietly(() => this.unreachable(platform, REASONS[reason]));
        }
        throw error;
      }
      await this.quietly(() => this.reachable(platform));
      return response;
    };
  }

  private async reachable(platform: VideoPlatform) {
    if (this.answering.has(platform)) return;
    await releaseTrigger(this.ctx.db, triggerKey(platform));
    this.answering.add(platform);
  }

  private async unreachable(platform: VideoPlatform, reason: string) {
    this.answering.delete(platform);
    const now = this.ctx.now();
    await onceFor(this.ctx.db, triggerKey(platform), now, () =>
      produceMessage(this.ctx.db, this.ctx, {
        kind: 'video.platformDown',
        values: { platformName: PLATFORM_NAMES[platform], time: chinaDateTime(now), reason },
        audience: { code: PARAMETER_MANAGE },
        link: findRouteByCode(PARAMETER_MANAGE)?.path ?? null,
      }),
    );
  }

  /** What the health costs must never fail the user's call. */
  private async quietly(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      this.log.error({ err: error }, 'video platform health could not be recorded');
    }
  }
}

const triggerKey = (platform: VideoPlatform) => `video.platformDown:${platform}`;
