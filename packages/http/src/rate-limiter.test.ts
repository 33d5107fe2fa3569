import { describe, expect, it } from 'vitest';
import { createRateLimiter, limiterKey, type RateLimiterOptions } from './rate-limiter.ts';
import { sleep } from './sleep.ts';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A manual clock: sleeps resolve only when `advance` moves time past them (or their signal aborts). */
function fakeClock() {
  let time = 0;
  const timers = new Set<{ at: number; resolve: () => void }>();
  return {
    now: () => time,
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        const timer = { at: time + ms, resolve };
        timers.add(timer);
        signal?.addEventListener('abort', () => {
          timers.delete(timer);
          resolve();
        });
      }),
    async advance(ms: number) {
      const target = time + ms;
      for (;;) {
        await flush();
        const due = [...timers].filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        timers.delete(due);
        time = due.at;
        due.resolve();
      }
      time = target;
      await flush();
    },
  };
}

/** A task the test finishes by hand. */
function deferred() {
  let finish: (value: string) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const promise = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

function setup(options: Omit<RateLimiterOptions, 'now' | 'sleep'>) {
  const clock = fakeClock();
  const limiter = createRateLimiter({ ...options, now: clock.now, sleep: clock.sleep });
  const started: string[] = [];
  const instant = (name: string, tokens = 0) =>
    limiter.run(tokens, async () => {
      started.push(name);
      return name;
    });
  return { clock, limiter, started, instant };
}

describe('createRateLimiter', () => {
  it('runs at most `concurrency` tasks at once, in call order', async () => {
    const { limiter, clock } = setup({ concurrency: 2 });
    const tasks = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const results = tasks.map((task, index) =>
      limiter.run(1, () => {
        started.push(index);
        return task.promise;
      }),
    );
    await clock.advance(0);
    expect(started).toEqual([0, 1]);
    expect(limiter.active).toBe(2);
    expect(limiter.waiting).toBe(3);
    tasks[1]?.finish('one');
    await clock.advance(0);
    expect(started).toEqual([0, 1, 2]);
    const failed = expect(results[0]).rejects.toThrow('boom');
    tasks[0]?.fail(new Error('boom'));
    await clock.advance(0);
    expect(started).toEqual([0, 1, 2, 3]);
    for (const task of tasks) task.finish('done');
    await failed;
    await expect(results[1]).resolves.toBe('one');
    await expect(Promise.all(results.slice(2))).resolves.toEqual(['done', 'done', 'done']);
    expect(limiter.active).toBe(0);
  });

  it('starts at most requestsPerMinute tasks in any 60 s window', async () => {
    const { clock, started, instant } = setup({ concurrency: 10, requestsPerMinute: 3 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => instant(name));
    await clock.advance(0);
    expect(started).toEqual(['a', 'b', 'c']);
    await clock.advance(59_999);
    expect(started).toEqual(['a', 'b', 'c']);
    await clock.advance(1);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    await clock.advance(60_000);
    expect(started).toHaveLength(7);
    await Promise.all(all);
  });

  it('keeps the estimated tokens of the last 60 s within tokensPerMinute, first come first served', async () => {
    const { clock, started, instant } = setup({ concurrency: 10, tokensPerMinute: 1000 });
    const all = [instant('600a', 600), instant('600b', 600), instant('300', 300)];
    await clock.advance(0);
    // '300' would fit, but it came after '600b', which must not be starved.
    expect(started).toEqual(['600a']);
    await clock.advance(30_000);
    const late = instant('100', 100);
    await clock.advance(29_999);
    expect(started).toEqual(['600a']);
    await clock.advance(1);
    expect(started).toEqual(['600a', '600b', '300', '100']);
    await Promise.all([...all, late]);
  });

  it('runs a task larger than the whole token budget alone instead of never', async () => {
    const { clock, started, instant } = setup({ concurrency: 10, tokensPerMinute: 1000 });
    const all = [instant('small', 100), instant('huge', 5000), instant('after', 100)];
    await clock.advance(0);
    expect(started).toEqual(['small']);
    await clock.advance(60_000);
    expect(started).toEqual(['small', 'huge']);
    await clock.advance(59_999);
    expect(started).toEqual(['small', 'huge']);
    await clock.advance(1);
    expect(started).toEqual(['small', 'huge', 'after']);
    await Promise.all(all);
  });

  it('pause holds every caller until the given instant and is never shortened', async () => {
    const { clock, limiter, started, instant } = setup({ concurrency: 4 });
    limiter.pause(limiter.now() + 5000);
    limiter.pause(limiter.now() + 1000);
    const all = [instant('a'), instant('b')];
    await clock.advance(4999);
    expect(started).toEqual([]);
    await clock.advance(1);
    expect(started).toEqual(['a', 'b']);
    // A pause while a caller waits for the budget extends its wait.
    const {
      clock: clock2,
      limiter: limiter2,
      started: started2,
      instant: instant2,
    } = setup({
      concurrency: 4,
      requestsPerMinute: 1,
    });
    const more = [instant2('x'), instant2('y')];
    await clock2.advance(10_000);
    limiter2.pause(90_000);
    await clock2.advance(50_000);
    expect(started2).toEqual(['x']);
    await clock2.advance(29_999);
    expect(started2).toEqual(['x']);
    await clock2.advance(1);
    expect(started2).toEqual(['x', 'y']);
    await Promise.all([...all, ...more]);
  });

  it('a caller that aborts while waiting leaves the queue with the abort reason', async () => {
    const { clock, limiter, started, instant } = setup({ concurrency: 1 });
    const blocker = deferred();
    const first = limiter.run(0, () => blocker.promise);
    const controller = new AbortController();
    const aborted = limiter.run(0, async () => 'never', controller.signal);
    const next = instant('next');
    controller.abort(new Error('interrupted'));
    await expect(aborted).rejects.toThrow('interrupted');
    expect(limiter.waiting).toBe(1);
    blocker.finish('done');
    await clock.advance(0);
    expect(started).toEqual(['next']);
    await Promise.all([first, next]);

    const already = new AbortController();
    already.abort(new Error('too late'));
    await expect(limiter.run(0, async () => 'x', already.signal)).rejects.toThrow('too late');
  });

  it('a task that throws synchronously frees its slot', async () => {
    const { limiter } = setup({ concurrency: 1 });
    await expect(
      limiter.run(0, () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(limiter.run(0, async () => 'ok')).resolves.toBe('ok');
  });

  // The tests above check the budgets to the millisecond on a fake clock. These two check that the
  // defaults (Date.now and real timers) enforce them too: the bounds they assert hold however
  // loaded the machine is (a start is never early; a start due in ~60 s has not happened in 300 ms).
  it('on the real clock, waits out a pause and holds back a start beyond requestsPerMinute', async () => {
    const pauseMs = 200;
    const limiter = createRateLimiter({ concurrency: 10, requestsPerMinute: 2 });
    const pausedFrom = Date.now();
    limiter.pause(limiter.now() + pauseMs);
    const startedAt: number[] = [];
    const stamp = async () => {
      startedAt.push(Date.now());
    };
    await Promise.all([limiter.run(0, stamp), limiter.run(0, stamp)]);
    expect(startedAt).toHaveLength(2);
    // A timer may fire a little early, but the limiter checks the clock again before a start.
    expect(Math.min(...startedAt) - pausedFrom).toBeGreaterThanOrEqual(pauseMs);

    // The third start of the minute is due when the first leaves the 60 s window.
    const controller = new AbortController();
    const third = limiter.run(0, stamp, controller.signal);
    await sleep(300);
    expect(startedAt).toHaveLength(2);
    expect(limiter.waiting).toBe(1);
    controller.abort(new Error('gave up'));
    await expect(third).rejects.toThrow('gave up');
    expect(limiter.waiting).toBe(0);
  });

  it('on the real clock, holds back a task beyond the tokens of the last minute', async () => {
    const limiter = createRateLimiter({ concurrency: 10, tokensPerMinute: 100 });
    await expect(limiter.run(100, async () => 'first')).resolves.toBe('first');
    let secondStarted = false;
    const controller = new AbortController();
    const second = limiter.run(
      1,
      async () => {
        secondStarted = true;
      },
      controller.signal,
    );
    await sleep(300);
    expect(secondStarted).toBe(false);
    controller.abort(new Error('gave up'));
    await expect(second).rejects.toThrow('gave up');
  });
});

describe('limiterKey', () => {
  it('is the provider and the endpoint without credentials, query or trailing slash', () => {
    expect(limiterKey('openai', 'https://api.openai.com/v1/')).toBe('openai https://api.openai.com/v1');
    expect(limiterKey('openai', 'https://user:pw@api.openai.com/v1?key=abc')).toBe(
      'openai https://api.openai.com/v1',
    );
    expect(limiterKey('baseline', 'local')).toBe('baseline local');
  });
});
