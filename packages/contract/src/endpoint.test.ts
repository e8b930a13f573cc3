import { describe, expect, it } from 'vitest';
import { resourceEndpoints } from './admin/resources.js';
import { pathOf } from './endpoint.js';

describe('pathOf', () => {
  it('fills path parameters, encoded', () => {
    expect(pathOf(resourceEndpoints.delete, { id: 12 })).toBe('/sys/resources/12/delete');
    expect(pathOf({ path: '/a/:name/b' }, { name: 'x/y' })).toBe('/a/x%2Fy/b');
  });

  it('leaves a path without parameters as it is', () => {
    expect(pathOf(resourceEndpoints.listAll)).toBe('/sys/resources/listAll');
  });

  it('never sends a literal :name', () => {
    expect(() => pathOf(resourceEndpoints.delete, {})).toThrow(/id/);
  });
});
