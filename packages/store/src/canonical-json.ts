import { StoreError } from './store-error.ts';

/**
 * Canonical JSON: object keys sorted recursively (by UTF-16 code unit, as `Array#sort` does), no
 * whitespace, `undefined` object properties dropped. Two values that differ only in property order
 * produce the same string, which is what makes it usable as hash input for cache keys.
 *
 * Stricter than `JSON.stringify` on purpose: a cache key that silently loses information would map
 * different requests onto one cached answer, so anything JSON cannot represent faithfully throws
 * instead of being dropped or turned into `null` — non-finite numbers, bigints, functions,
 * symbols, `undefined` outside an object property, class instances without `toJSON` (`Map`,
 * `Set`, ...) and cycles. `toJSON` is honoured like `JSON.stringify` does (so `Date` works).
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$', new Set());
}

function write(value: unknown, path: string, ancestors: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw unrepresentable(path, String(value));
      return JSON.stringify(value);
    case 'object':
      return writeObject(value, path, ancestors);
    default:
      // undefined (outside an object property), bigint, function, symbol.
      throw unrepresentable(path, typeof value);
  }
}

function writeObject(value: object, path: string, ancestors: Set<object>): string {
  if (hasToJson(value)) return write(value.toJSON(), path, ancestors);
  if (ancestors.has(value)) throw new StoreError(`canonicalJson: ${path} is a circular reference.`);
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item, index) => write(item, `${path}[${index}]`, ancestors)).join(',')}]`;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      throw unrepresentable(path, `an instance of ${value.constructor?.name ?? 'a class'}`);
    }
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined) continue;
      members.push(`${JSON.stringify(key)}:${write(member, `${path}.${key}`, ancestors)}`);
    }
    return `{${members.join(',')}}`;
  } finally {
    ancestors.delete(value);
  }
}

function hasToJson(value: object): value is { toJSON: () => unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function unrepresentable(path: string, what: string): StoreError {
  return new StoreError(`canonicalJson: ${path} is ${what}, which JSON cannot represent faithfully.`);
}
