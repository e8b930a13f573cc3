import { describe, expect, it } from 'vitest';
import { isSafeLinkUrl, safeRedirectPath } from './redirect.js';
import { createResourceSchema } from './admin/resources.js';

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

describe('isSafeLinkUrl', () => {
  it('allows http, https, relative links and none', () => {
    for (const good of [
      '',
      'https://city.example/a?b=1',
      'HTTP://city.example',
      '/admin/x',
      'page',
      '#',
      '//cdn.example',
    ]) {
      expect(isSafeLinkUrl(good)).toBe(true);
    }
  });

  it('refuses script and other schemes however they are spelt', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'http://[',
    ]) {
      expect(isSafeLinkUrl(bad)).toBe(false);
    }
  });

  it('is the rule of the permission form, answering its text', () => {
    const form = { name: '外链', code: 'outside', type: 3, sortNum: 1 };
    expect(createResourceSchema.safeParse({ ...form, url: 'https://city.example' }).success).toBe(true);
    const bad = createResourceSchema.safeParse({ ...form, url: 'javascript:alert(document.cookie)' });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['url'], message: 'resource.urlScheme' }),
    ]);
  });
});
