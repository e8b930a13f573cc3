import { describe, expect, it } from 'vitest';
import { originAllowed } from './origin.js';

describe('originAllowed', () => {
  it('lets in http and https pages of any host and port, and programs that send no Origin', () => {
    expect(originAllowed('http://127.0.0.1:10201')).toBe(true);
    expect(originAllowed('https://cityops.example.cn')).toBe(true);
    expect(originAllowed(undefined)).toBe(true);
  });

  it('refuses file, extension and opaque origins', () => {
    expect(originAllowed('null')).toBe(false);
    expect(originAllowed('file://')).toBe(false);
    expect(originAllowed('chrome-extension://abcdef')).toBe(false);
    expect(originAllowed('moz-extension://abcdef')).toBe(false);
  });

  it('narrows to the given hosts when there are any', () => {
    expect(originAllowed('http://10.0.0.5:8080', ['10.0.0.5'])).toBe(true);
    expect(originAllowed('https://elsewhere.example', ['10.0.0.5'])).toBe(false);
  });
});
