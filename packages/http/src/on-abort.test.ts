import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onAbort } from './on-abort.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { sleep } from './sleep.ts';

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('onAbort', () => {
  it('puts one listener on a signal however many subscribe, and calls each subscriber once', () => {
    const controller = new AbortController();
    const calls: number[] = [];
    for (let index = 0; index < 25; index++) onAbort(controller.signal, () => calls.push(index));
    expect(abortListeners(controller.signal)).toBe(1);
    controller.abort();
    controller.abort();
    expect(calls).toEqual(Array.from({ length: 25 }, (_, index) => index));
    expect(abortListeners(controller.signal)).toBe(0);
  });

  it('removes the listener when the last subscriber leaves, and calls no one who left', () => {
    const controller = new AbortController();
    const called: string[] = [];
    const leaveFirst = onAbort(controller.signal, () => called.push('first'));
    const leaveSecond = onAbort(controller.signal, () => called.push('second'));
    leaveFirst();
    leaveFirst();
    expect(abortListeners(controller.signal)).toBe(1);
    leaveSecond();
    expect(abortListeners(controller.signal)).toBe(0);
    // Subscribing again after everyone left listens again.
    onAbort(controller.signal, () => called.push('third'));
    controller.abort();
    expect(called).toEqual(['third']);
  });

  it('does nothing without a signal', () => {
    expect(() => onAbort(undefined, () => {})()).not.toThrow();
  });
});

describe('callers sharing one signal', () => {
  it('many calls waiting for the rate limiter hold one abort listener, none once they start', async () => {
    const controller = new AbortController();
    const limiter = createRateLimiter({ concurrency: 1 });
    let finishFirst = () => {};
    const first = limiter.run(
      0,
      () =>
        new Promise<void>((resolve) => {
          finishFirst = resolve;
        }),
      controller.signal,
    );
    const waiting = Array.from({ length: 20 }, () => limiter.run(0, async () => 'done', controller.signal));
    expect(limiter.waiting).toBe(20);
    expect(abortListeners(controller.signal)).toBe(1);
    finishFirst();
    await first;
    await expect(Promise.all(waiting)).resolves.toHaveLength(20);
    expect(abortListeners(controller.signal)).toBe(0);
  });

  it('aborting rejects every waiting call and leaves no listener', async () => {
    const controller = new AbortController();
    const limiter = createRateLimiter({ concurrency: 1 });
    const blocker = limiter.run(0, () => new Promise<void>(() => {}), controller.signal);
    const waiting = Array.from({ length: 12 }, () => limiter.run(0, async () => 'done', controller.signal));
    controller.abort(new Error('stopped'));
    for (const call of waiting) await expect(call).rejects.toThrow('stopped');
    expect(abortListeners(controller.signal)).toBe(0);
    void blocker;
  });

  it('many sleeps on one signal hold one listener, and none after they end', async () => {
    const controller = new AbortController();
    const sleeps = Array.from({ length: 15 }, () => sleep(5, controller.signal));
    expect(abortListeners(controller.signal)).toBe(1);
    await Promise.all(sleeps);
    expect(abortListeners(controller.signal)).toBe(0);
  });
});
