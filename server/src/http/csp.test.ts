import { describe, expect, it } from 'vitest';
import { shellOrigins, subAppPolicy } from './csp.js';

const frameAncestors = (policy: string) =>
  policy
    .split('; ')
    .find((directive) => directive.startsWith('frame-ancestors '))
    ?.slice('frame-ancestors '.length);

describe('a sub-app page’s policy', () => {
  it('lets only the shell’s port of the same host frame it, not any port', () => {
    const policy = subAppPolicy(shellOrigins('10.1.2.3', 8080, []));
    expect(frameAncestors(policy)).toBe('http://10.1.2.3:8080 https://10.1.2.3:8080');
    expect(policy).not.toContain('*');
    expect(policy).toContain("script-src 'self' blob:;");
  });

  it('adds the configured public origins and the bare host on the default ports', () => {
    expect(
      frameAncestors(subAppPolicy(shellOrigins('city.example', 443, ['https://ops.city.example']))),
    ).toBe('http://city.example:443 https://city.example:443 https://city.example https://ops.city.example');
    expect(shellOrigins('city.example', 80, [])).toContain('http://city.example');
  });

  it('lets scripts, styles, fonts and images come from the origin the six apps share their chunks on', () => {
    const policy = subAppPolicy(shellOrigins('10.1.2.3', 8080, []), 'http://10.1.2.3:8080');
    expect(policy).toContain("script-src 'self' http://10.1.2.3:8080 blob:;");
    expect(policy).toContain("style-src 'self' http://10.1.2.3:8080 'unsafe-inline';");
    expect(policy).toContain("font-src 'self' http://10.1.2.3:8080 data:;");
    expect(policy).toContain("default-src 'self';");
  });

  it('frames only itself and the video plug-in: its beacon on each of its ports, its URL scheme', () => {
    const frameSrc = subAppPolicy(shellOrigins('10.1.2.3', 8080, []))
      .split('; ')
      .find((directive) => directive.startsWith('frame-src '));
    expect(frameSrc?.split(' ')).toEqual([
      'frame-src',
      "'self'",
      'cityops-plugin:',
      ...Array.from({ length: 10 }, (_, i) => `http://127.0.0.1:${15900 + i}`),
    ]);
  });

  it('lets a configured map provider’s script in beside the shared chunks, and nothing else', () => {
    const policy = subAppPolicy(shellOrigins('10.1.2.3', 8080, []), 'http://10.1.2.3:8080', [
      'https://webapi.amap.com',
    ]);
    expect(policy).toContain("script-src 'self' http://10.1.2.3:8080 blob: https://webapi.amap.com;");
    expect(policy).toContain("style-src 'self' http://10.1.2.3:8080 'unsafe-inline';");
  });
});
