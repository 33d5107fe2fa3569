import { describe, expect, it } from 'vitest';
import {
  createFaultInjector,
  DEFAULT_FAULT_KINDS,
  FAULT_KINDS,
  type FaultKind,
} from './create-fault-injector.ts';

function draw(options: Parameters<typeof createFaultInjector>[0], keys: string[]): (FaultKind | undefined)[] {
  const injector = createFaultInjector(options);
  return keys.map((key) => injector.next(key));
}

const distinct = Array.from({ length: 200 }, (_, index) => `body-${index}`);

describe('createFaultInjector', () => {
  it('never faults at rate 0 and faults every distinct body at rate 1', () => {
    expect(draw({ rate: 0 }, distinct).every((kind) => kind === undefined)).toBe(true);
    expect(draw({ rate: 1 }, distinct).every((kind) => kind !== undefined)).toBe(true);
  });

  it('never faults the same body twice in a row, so a retrying client gets through', () => {
    expect(draw({ rate: 1, kinds: ['server-error'] }, ['a', 'a', 'a', 'b', 'a', 'b'])).toEqual([
      'server-error',
      undefined,
      'server-error',
      'server-error',
      undefined,
      undefined,
    ]);
  });

  it('is deterministic for a seed and arrival order, and the seed matters', () => {
    const options = { rate: 0.5, kinds: FAULT_KINDS, seed: 1234 };
    const first = draw(options, distinct);
    expect(draw(options, distinct)).toEqual(first);
    expect(draw({ ...options, seed: 1235 }, distinct)).not.toEqual(first);
    const injected = first.filter((kind) => kind !== undefined).length;
    expect(injected).toBeGreaterThan(70);
    expect(injected).toBeLessThan(130);
    expect(new Set(first.filter((kind) => kind !== undefined))).toEqual(new Set(FAULT_KINDS));
  });

  it('draws only the transient kinds by default, with retry-after 1 second', () => {
    const injector = createFaultInjector({ rate: 1 });
    expect(injector.retryAfterSeconds).toBe(1);
    const kinds = new Set(distinct.map((key) => injector.next(key)));
    expect(kinds).toEqual(new Set(DEFAULT_FAULT_KINDS));
    expect(DEFAULT_FAULT_KINDS).not.toContain('hang');
  });

  it('rejects a rate outside [0, 1], unknown or no kinds, and a negative retry-after', () => {
    expect(() => createFaultInjector({ rate: 1.5 })).toThrow(RangeError);
    expect(() => createFaultInjector({ rate: Number.NaN })).toThrow(/from 0 to 1/);
    expect(() => createFaultInjector({ rate: 0.5, kinds: [] })).toThrow(/at least one/);
    expect(() => createFaultInjector({ rate: 0.5, kinds: ['boom' as FaultKind] })).toThrow(
      /unknown fault kind "boom"/,
    );
    expect(() => createFaultInjector({ rate: 0.5, retryAfterSeconds: -1 })).toThrow(/non-negative/);
  });
});
