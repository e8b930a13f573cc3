import { describe, expect, it } from 'vitest';
import { canonicalJson } from './licence.js';

describe('canonicalJson', () => {
  it('sorts keys recursively, keeps array order and leaves no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x y' } })).toBe(
      '{"a":{"c":"x y","d":[3,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('escapes like JSON.stringify and drops undefined members', () => {
    expect(canonicalJson({ k: '引号"\n', u: undefined })).toBe('{"k":"引号\\"\\n"}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson('x')).toBe('"x"');
  });

  it('is the same for the same content in any key order', () => {
    expect(canonicalJson({ x: 1, y: [{ b: 2, a: 1 }] })).toBe(canonicalJson({ y: [{ a: 1, b: 2 }], x: 1 }));
  });
});
