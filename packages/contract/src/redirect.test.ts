import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect.js';

describe('safeRedirectPath', () => {
  it('keeps paths on this origin with their query and fragment', () => {
    expect(safeRedirectPath('/admin/userManage?tab=1#x')).toBe('/admin/userManage?tab=1#x');
    expect(safeRedirectPath('/')).toBe('/');
    expect(safeRedirectPath('/iotcloud/iot/deviceManage')).toBe('/iotcloud/iot/deviceManage');
  });

  it('refuses other origins, schemes, relative paths and nothing at all', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'admin',
      '//evil.com',
      '/\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      '/.//evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      ' /admin',
    ]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });

  it('refuses the sign-in link page itself, in any case', () => {
    for (const loop of ['/userlogin', '/userlogin?ticket=x', '/UserLogin', '/userlogin/abc']) {
      expect(safeRedirectPath(loop)).toBeNull();
    }
  });
});
