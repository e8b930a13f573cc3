import { describe, expect, it } from 'vitest';
import { ALL_BUTTON_CODES, BUTTON_CODES, buttonCode, buttonsOf, isButtonCode } from './buttons.js';

describe('button codes', () => {
  it('names a button by its page and action', () => {
    expect(BUTTON_CODES.userManage.add).toBe('userManage_add');
    expect(BUTTON_CODES.iot_videoMonitor_playReal.ptz).toBe('iot_videoMonitor_playReal_ptz');
    expect(buttonCode('roleManage', 'assignPermission')).toBe('roleManage_assignPermission');
  });

  it('lists a page with its buttons and a page without any', () => {
    expect(buttonsOf('message')).toEqual([
      { action: 'markRead', code: 'message_markRead', name: '标记已读' },
      { action: 'delete', code: 'message_delete', name: '删除消息' },
    ]);
    expect(buttonsOf('license')).toEqual([]);
  });

  it('knows every seeded code and nothing else', () => {
    expect(ALL_BUTTON_CODES).toHaveLength(89);
    expect(new Set(ALL_BUTTON_CODES).size).toBe(ALL_BUTTON_CODES.length);
    expect(isButtonCode('userManage_resetPwd')).toBe(true);
    expect(isButtonCode('userManage_fly')).toBe(false);
  });
});
