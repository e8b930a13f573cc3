import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compareVersions, isVersion, publishEditionSchema, versionParts } from './editions.js';
import { safeFileName } from '../files.js';

describe('version numbers', () => {
  it('accepts three or four numbers without leading zeros', () => {
    for (const ok of ['1.2.3', '0.0.1', '1.2.3.4', '10.20.30.40', '999999999.0.0'])
      expect(isVersion(ok)).toBe(true);
    for (const bad of [
      '1.2',
      '1.2.3.4.5',
      'v1.2.3',
      '1.02.3',
      '1.2.3-beta',
      ' 1.2.3',
      '1..3',
      '1000000000.0.0',
    ])
      expect(isVersion(bad), bad).toBe(false);
  });

  it('compares numerically, a missing fourth number counting as 0', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.9.9.9', '1.10.0')).toBeLessThan(0);
    expect(compareVersions('1.2.3', '1.2.3.0')).toBe(0);
    expect(compareVersions('2.0.0.1', '2.0.0')).toBeGreaterThan(0);
    expect(versionParts('1.2.3')).toEqual([1, 2, 3, 0]);
  });

  it("reads a form's flag text as a boolean", () => {
    const parse = (forceUpdate?: string | boolean) =>
      z.parse(publishEditionSchema, {
        platform: 'ios',
        version: '1.0.0',
        ...(forceUpdate === undefined ? {} : { forceUpdate }),
      }).forceUpdate;
    expect([parse('true'), parse('1'), parse(true), parse('false'), parse(false), parse()]).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('safeFileName', () => {
  it('keeps the last part of a path, without characters a save dialog refuses', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\客户端 1.0.exe')).toBe('客户端 1.0.exe');
    expect(safeFileName('a<b>?.apk')).toBe('a_b_.apk');
    expect(safeFileName('..')).toBe('download');
    expect(safeFileName('')).toBe('download');
  });
});
