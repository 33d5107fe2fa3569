import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { StoreError } from './store-error.ts';

describe('canonicalJson', () => {
  it('sorts keys recursively and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('gives the same string whatever the property order', () => {
    expect(canonicalJson({ x: 1, y: { p: 'a', q: 'b' } })).toBe(
      canonicalJson({ y: { q: 'b', p: 'a' }, x: 1 }),
    );
  });

  it('drops undefined properties but keeps array order', () => {
    expect(canonicalJson({ a: undefined, b: [2, 1] })).toBe('{"b":[2,1]}');
    expect(canonicalJson({ b: [1, 2] })).not.toBe(canonicalJson({ b: [2, 1] }));
  });

  it('escapes strings like JSON and honours toJSON', () => {
    expect(canonicalJson({ 'k"ey': 'line\nbreak ü' })).toBe('{"k\\"ey":"line\\nbreak ü"}');
    expect(canonicalJson({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('refuses what JSON cannot represent instead of losing it', () => {
    expect(() => canonicalJson({ t: Number.NaN })).toThrow(StoreError);
    expect(() => canonicalJson({ t: Number.POSITIVE_INFINITY })).toThrow(/\$\.t is Infinity/);
    expect(() => canonicalJson([undefined])).toThrow(/\$\[0\] is undefined/);
    expect(() => canonicalJson({ n: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function/);
    expect(() => canonicalJson({ m: new Map([['a', 1]]) })).toThrow(/instance of Map/);
    expect(() => canonicalJson(undefined)).toThrow(StoreError);
  });

  it('refuses cycles but accepts a shared, non-circular object', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/circular/);
    const shared = { v: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"v":1},"b":{"v":1}}');
  });
});
