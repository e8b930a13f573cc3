import { describe, expect, it } from 'vitest';
import { canonicalJson, licenceWarning } from './licence.js';

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

describe('licenceWarning', () => {
  it('warns 30, 7 and 1 days before expiry, and not before or after', () => {
    expect(licenceWarning(null)).toBeNull();
    expect(licenceWarning(45)).toBeNull();
    expect(licenceWarning(30)).toBeNull();
    expect(licenceWarning(29)).toBe(30);
    expect(licenceWarning(7)).toBe(30);
    expect(licenceWarning(6)).toBe(7);
    expect(licenceWarning(0)).toBe(1);
    expect(licenceWarning(-1)).toBeNull();
  });
});
