import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageOf } from '../../test/messages';
import { askNotificationPermission, notifyInBrowser } from './alerts';
import { alertSettingsKey, readAlertSettings, useAlertSettings } from './alertSettings';

/** The browser's Notification API as the tests see it. */
function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; options?: NotificationOptions; onclick: (() => void) | null }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => answer);
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push(this as unknown as (typeof shown)[number]);
      Object.assign(this, { title, options });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requestPermission: FakeNotification.requestPermission };
}

const pageHidden = (hidden: boolean) =>
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('browser notifications', () => {
  it('asks for permission only while the browser has not been answered', async () => {
    const asked = stubNotifications('default', 'granted');
    expect(await askNotificationPermission()).toBe('granted');
    expect(asked.requestPermission).toHaveBeenCalledOnce();
    const denied = stubNotifications('denied');
    expect(await askNotificationPermission()).toBe('denied');
    expect(denied.requestPermission).not.toHaveBeenCalled();
  });

  it('shows one notification per message, only while the page is hidden; a click opens it', () => {
    const { shown } = stubNotifications('granted');
    const opened: number[] = [];
    pageHidden(false);
    notifyInBrowser([messageOf(1)], (message) => opened.push(message.id));
    expect(shown).toHaveLength(0);
    pageHidden(true);
    notifyInBrowser([messageOf(2), messageOf(3)], (message) => opened.push(message.id));
    expect(shown.map((notification) => notification.title)).toEqual(['消息2', '消息3']);
    expect(shown[0]?.options).toMatchObject({ body: '第2条消息的内容', tag: 'message-2' });
    shown[1]?.onclick?.();
    expect(opened).toEqual([3]);
  });
});

describe("the user's alert settings", () => {
  it('are off until switched on, and kept per user in this browser', () => {
    useAlertSettings.getState().load(7);
    expect(useAlertSettings.getState().settings).toEqual({ browser: false, sound: false });
    useAlertSettings.getState().change({ sound: true });
    expect(readAlertSettings(7)).toEqual({ browser: false, sound: true });
    useAlertSettings.getState().load(8);
    expect(useAlertSettings.getState().settings).toEqual({ browser: false, sound: false });
    useAlertSettings.getState().load(7);
    expect(useAlertSettings.getState().settings.sound).toBe(true);
  });

  it('read whatever is stored safely', () => {
    localStorage.setItem(alertSettingsKey(9), '{not json');
    expect(readAlertSettings(9)).toEqual({ browser: false, sound: false });
    localStorage.setItem(alertSettingsKey(9), JSON.stringify({ browser: 'yes', sound: true }));
    expect(readAlertSettings(9)).toEqual({ browser: false, sound: true });
  });
});
