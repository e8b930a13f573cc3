import { describe, expect, it } from 'vitest';
import { StatusCode, videoEndpoints, type Endpoint, type PlatformInfo } from '@cityops/contract';
import { ApiError, type HttpClient } from '@cityops/client';
import { createPluginPlatformSource } from './sources.js';

const info: PlatformInfo = { appKey: 'key-1', appSecret: 'secret-1', appHost: '127.0.0.1:9443' };

/** A page's HTTP client that records every call and answers as `answer` says. */
function recordingHttp(answer: () => Promise<unknown>) {
  const calls: { endpoint: Endpoint; options: unknown }[] = [];
  const call = (endpoint: Endpoint, options: unknown) => {
    calls.push({ endpoint, options });
    return answer();
  };
  return { http: { call } as unknown as Pick<HttpClient, 'call'>, calls };
}

describe('the plug-in platform source', () => {
  it('asks getPlatFormInfo?appCode=hik_isc_huati once, and not getAppSecret as well', async () => {
    const { http, calls } = recordingHttp(() => Promise.resolve(info));
    await expect(createPluginPlatformSource(http).getPlatformInfo()).resolves.toEqual(info);
    expect(calls).toEqual([
      {
        endpoint: videoEndpoints.hikPlatformInfo,
        options: { query: { appCode: 'hik_isc_huati' }, quiet: true },
      },
    ]);
    // Each answer hands out the platform's secret (logged, ten an hour per user): one per grid.
    expect(calls.map((entry) => entry.endpoint.path)).not.toContain(videoEndpoints.hikAppSecret.path);
  });

  it("passes the server's refusal on, and no words when nothing answered (平台信息初始化异常)", async () => {
    const refusal = '获取视频平台密钥过于频繁，请60分钟后再试';
    const refused = recordingHttp(() =>
      Promise.reject(
        new ApiError('status', refusal, { status_code: StatusCode.REJECTED, message: refusal, data: null }),
      ),
    );
    await expect(createPluginPlatformSource(refused.http).getPlatformInfo()).rejects.toThrow(refusal);

    const lost = recordingHttp(() => Promise.reject(new ApiError('network', '服务异常')));
    const error = await createPluginPlatformSource(lost.http)
      .getPlatformInfo()
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('');
  });
});
