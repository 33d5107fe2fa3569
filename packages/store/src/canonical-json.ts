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
  return write(value, { keys: [], ancestors: new Set() });
}

/** Where the writer is: the keys from the root (the path is spelled out only for an error). */
interface Position {
  keys: Array<string | number>;
  ancestors: Set<object>;
}

function pathOf(position: Position): string {
  return `$${position.keys.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')}`;
}

function write(value: unknown, position: Position): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw unrepresentable(position, String(value));
      return JSON.stringify(value);
    case 'object':
      return writeObject(value, position);
    default:
      // undefined (outside an object property), bigint, function, symbol.
      throw unrepresentable(position, typeof value);
  }
}

function writeObject(value: object, position: Position): string {
  if (hasToJson(value)) return write(value.toJSON(), position);
  const { ancestors, keys } = position;
  if (ancestors.has(value))
    throw new StoreError(`canonicalJson: ${pathOf(position)} is a circular reference.`);
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      let text = '[';
      for (let index = 0; index < value.length; index++) {
        keys.push(index);
        text += `${index === 0 ? '' : ','}${write(value[index], position)}`;
        keys.pop();
      }
      return `${text}]`;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      throw unrepresentable(position, `an instance of ${value.constructor?.name ?? 'a class'}`);
    }
    const record = value as Record<string, unknown>;
    let text = '{';
    let first = true;
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined) continue;
      keys.push(key);
      text += `${first ? '' : ','}${JSON.stringify(key)}:${write(member, position)}`;
      keys.pop();
      first = false;
    }
    return `${text}}`;
  } finally {
    ancestors.delete(value);
  }
}

function hasToJson(value: object): value is { toJSON: () => unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function unrepresentable(position: Position, what: string): StoreError {
  return new StoreError(
    `canonicalJson: ${pathOf(position)} is ${what}, which JSON cannot represent faithfully.`,
  );
}
