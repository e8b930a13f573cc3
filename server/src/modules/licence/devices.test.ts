import { licenceManageEndpoints, text } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameras } from '../../db/schema.js';
import { ApiError } from '../../http/envelope.js';
import { licenceDocument, signedByTestVendor, TEST_VENDOR_PUBLIC_KEY } from '../../test/licence.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { ensureDeviceRoom } from './devices.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY } });
});
afterAll(() => t.close());

const refusalOf = async (adding: number) => {
  try {
    await ensureDeviceRoom(t.handle.db, t.app.cityops.licence, adding);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return text(error.key, 'zh-CN', error.values);
  }
};

describe('the licence’s device limit', () => {
  it('refuses every device without a valid licence', async () => {
    expect(await refusalOf(1)).toContain('设备数量已达许可证上限');
  });

  it('counts the devices in use, shows them against the limit, and refuses the device beyond it', async () => {
    const inUse = await t.handle.db.$count(cameras);
    expect(inUse, 'the demo seed has cameras').toBeGreaterThan(0);
    const signed = signedByTestVendor(licenceDocument(t.clock.now(), { deviceLimit: inUse + 1 }));
    const registered = await t.call('POST', '/api/sys/license/register', { body: signed });
    expect(registered.json.status_code).toBe(1);

    const admin = await t.token('admin', 'Admin@123');
    expect((await t.api(licenceManageEndpoints.deviceUsage, { token: admin })).data).toEqual({
      devicesInUse: inUse,
      iotDevices: 0,
      cameras: inUse,
      deviceLimit: inUse + 1,
    });
    // One more fits; two more do not, and the refusal names the limit, the count and the request.
    expect(await refusalOf(1)).toBeNull();
    expect(await refusalOf(2)).toBe(
      `设备数量已达许可证上限（${inUse + 1} 台，已接入 ${inUse} 台），无法再添加 2 台设备，请续期或升级许可证`,
    );
  });
});
