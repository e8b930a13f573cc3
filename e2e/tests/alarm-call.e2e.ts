import { DEMO_ALARM_BOXES } from '@cityops/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alarmNotice, alarmStackPerFile, BOX_TONE_HZ, near, OPERATOR_TONE_HZ } from '../src/alarm.js';
import { DEMO } from '../src/signIn.js';

/*
 * One-key alarm calls end to end: two operators signed in, in Chromium with a fake
 * microphone playing OPERATOR_TONE_HZ; the alarm-box simulator's boxes speak BOX_TONE_HZ. A box rings,
 * both operators see the notice, one answers and the other's button turns 已被接听(5); each side hears
 * the other (the page by its intercom's measured pitch, the box by the simulator's); a second box
 * ringing during the call cannot be answered (after a reload, which gives the call dialog back); the box hangs up and 此报警已结束 shows.
 */
const alarm = alarmStackPerFile(2);
const [first, second] = DEMO_ALARM_BOXES;
const operator = async (account: { userName: string; password: string }): Promise<Page> =>
  (await alarm.operator(account)).page;

describe('一键报警', () => {
  it('rings at two operators; one answers and talks both ways, the other sees 已被接听; a second ring cannot be answered; the box hangs up', async () => {
    if (!first || !second) throw new Error('no demo boxes');
    const { stack } = alarm;
    const admin = await operator(DEMO.admin);
    const duty = await operator(DEMO.operator);
    // The boxes are signed in before anyone presses.
    await stack.boxes.waitFor(first.deviceKey, 'idle', 30_000);

    await stack.boxes.press(first.deviceKey);
    const atAdmin = alarmNotice(admin, first.name);
    const atDuty = alarmNotice(duty, first.name);
    await atAdmin.waitFor({ timeout: 20_000 });
    await atDuty.waitFor({ timeout: 20_000 });

    await atAdmin.getByRole('button', { name: '接听' }).click();
    // The other operator's button turns 已被接听(5) and counts down.
    await atDuty.getByRole('button', { name: /已被接听\(\d\)/ }).waitFor({ timeout: 10_000 });
    await stack.boxes.waitFor(first.deviceKey, 'inCall', 10_000);

    // The call dialog: the intercom connects and the operator hears the box.
    const intercom = admin.locator('[data-intercom]');
    await intercom.and(admin.locator('[data-intercom-state="connected"]')).waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => Number(await intercom.getAttribute('data-heard-hz')), { timeout: 20_000 })
      .toSatisfy((hz: number) => near(hz, BOX_TONE_HZ));
    // The box hears the operator's microphone.
    await expect
      .poll(() => stack.boxes.view(first.deviceKey).heard.dominantHz, { timeout: 20_000 })
      .toSatisfy((hz: number | null) => near(hz, OPERATOR_TONE_HZ));

    // A reload during the call gives the dialog back, and the intercom connects again.
    await admin.reload();
    await intercom.and(admin.locator('[data-intercom-state="connected"]')).waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => Number(await intercom.getAttribute('data-heard-hz')), { timeout: 20_000 })
      .toSatisfy((hz: number) => near(hz, BOX_TONE_HZ));

    // A second box rings during the call: its answer button is disabled, with the warning.
    await stack.boxes.press(second.deviceKey);
    const secondNotice = alarmNotice(admin, second.name);
    await secondNotice.waitFor({ timeout: 20_000 });
    expect(await secondNotice.getByRole('button', { name: '接听' }).isDisabled()).toBe(true);
    await secondNotice.getByText('当前正在接听').first().waitFor({ timeout: 5_000 });

    // The citizen hangs up: 此报警已结束, and the call closes.
    await stack.boxes.hangup(first.deviceKey);
    await admin.getByText('此报警已结束').first().waitFor({ timeout: 15_000 });
    await admin.locator('[data-alarm-call]').waitFor({ state: 'detached', timeout: 15_000 });
    await stack.boxes.waitFor(first.deviceKey, 'idle', 10_000);
  }, 240_000);
});
