import { describe, expect, it } from 'vitest';
import { buildQuery } from './query.js';

describe('buildQuery', () => {
  it('answers nothing when there is nothing to send', () => {
    expect(buildQuery()).toBe('');
    expect(buildQuery({ a: undefined, b: null, c: '' })).toBe('');
  });

  it('drops undefined, null and empty strings but keeps 0 and false', () => {
    expect(buildQuery({ a: 'x', b: undefined, c: null, d: '', e: 0, f: false })).toBe('?a=x&e=0&f=false');
  });

  it('sends arrays as name[]=value once per item, skipping empty items', () => {
    expect(buildQuery({ ids: [1, 2, '', null, 3] })).toBe('?ids[]=1&ids[]=2&ids[]=3');
  });

  it('encodes names and values', () => {
    expect(buildQuery({ 'a b': '城市&x=1' })).toBe(`?a%20b=${encodeURIComponent('城市&x=1')}`);
  });
});
