import { ALARM_OPERATOR_GRACE_MS, DEMO_ALARM_BOXES } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { alarmNotice, alarmStackPerFile } from '../src/alarm.js';
import { DEMO } from '../src/signIn.js';
import { iotcloudFrame, pageIn } from '../src/video.js';

/*
 * The record of an alarm call whose operator's browser goes away: the demo operator
 * (值班员小王) answers a demo box; the dialog's title names the box and where it stands, and its timer
 * runs from the answer. The browser is closed mid-call: the call ends as 值班员连接中断 with the time the
 * operator was there, the box is told to hang up, the next sign-in brings no dialog back, and 报警历史
 * names the operator and the place.
 */
const HISTORY = '/iotcloud/iot/alarmbox/history';
const [first, second] = DEMO_ALARM_BOXES;

const alarm = alarmStackPerFile(2);

/** `hh:mm:ss` as seconds. */
const secondsOf = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe('一键报警的记录', () => {
  it('titles the call with the box and its place, times it from the answer, and records a closed browser as 值班员连接中断', async () => {
    if (!first || !second) throw new Error('no demo boxes');
    const { stack } = alarm;
    const duty = await alarm.operator(DEMO.operator);
    await stack.boxes.waitFor(first.deviceKey, 'idle', 30_000);
    await stack.boxes.press(first.deviceKey);
    const notice = alarmNotice(duty.page, first.name);
    await notice.waitFor({ timeout: 20_000 });
    await notice.getByRole('button', { name: '接听' }).click();
    await stack.boxes.waitFor(first.deviceKey, 'inCall', 10_000);

    // The title: the box and where it stands; never empty brackets.
    const title = duty.page.locator('[data-alarm-call-title]');
    await title.waitFor({ timeout: 20_000 });
    expect(await title.textContent()).toBe(`${first.name}（${first.address}）`);

    // The timer runs from the answer, connected microphone or not.
    const timer = duty.page.locator('[data-intercom-timer]');
    await expect.poll(() => timer.textContent(), { timeout: 10_000 }).not.toBe('00:00:00');
    const shown = (await timer.textContent()) ?? '';
    await expect.poll(() => timer.textContent(), { timeout: 10_000 }).not.toBe(shown);

    // The browser goes away mid-call, without hanging up.
    const talkedAtLeast = secondsOf((await timer.textContent()) ?? '00:00:00');
    await alarm.close(duty);
    // The box is told the call ended, once the grace period for a reload has passed.
    await stack.boxes.waitFor(first.deviceKey, 'idle', ALARM_OPERATOR_GRACE_MS + 20_000);

    // Signed in again: no dialog comes back. A second box ringing proves the call list arrived: its
    // answer button is enabled only when this operator has no call.
    const again = await alarm.operator(DEMO.operator);
    await stack.boxes.waitFor(second.deviceKey, 'idle', 30_000);
    await stack.boxes.press(second.deviceKey);
    const probe = alarmNotice(again.page, second.name);
    await probe.waitFor({ timeout: 20_000 });
    expect(await probe.getByRole('button', { name: '接听' }).isEnabled()).toBe(true);
    expect(await again.page.locator('[data-alarm-call]').count()).toBe(0);
    await stack.boxes.hangup(second.deviceKey);

    // 报警历史: the operator's name, the place, how it ended and how long the operator was there.
    await again.page.goto(`${stack.server.baseUrl}${HISTORY}`);
    await again.page.locator('div[data-subapp="iotcloud"][data-status="ready"]').waitFor({ timeout: 30_000 });
    const frame = await iotcloudFrame(again.page);
    const history = pageIn(frame, HISTORY);
    const row = history
      .locator('tr.ant-table-row', { hasText: first.name })
      .filter({ hasText: '值班员连接中断' });
    await row.waitFor({ timeout: 30_000 });
    const headers = (await history.locator('thead th').allTextContents()).map((text) => text.trim());
    const cells = (await row.locator('td').allTextContents()).map((text) => text.trim());
    const cell = (header: string) => cells[headers.indexOf(header)];
    expect(cell('接听人')).toBe('值班员小王');
    expect(cell('位置')).toBe(first.address);
    // Talked from the answer until the browser closed: not the grace period after it.
    const talked = Number(cell('通话时长（秒）'));
    expect(talked).toBeGreaterThanOrEqual(talkedAtLeast);
    expect(talked).toBeLessThan(talkedAtLeast + ALARM_OPERATOR_GRACE_MS / 1000);
  }, 240_000);
});
