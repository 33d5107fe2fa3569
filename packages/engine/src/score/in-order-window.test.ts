import { describe, expect, it } from 'vitest';
import { InOrderWindow } from './in-order-window.ts';

/** A promise with its resolver, to finish work in an order the test chooses. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('InOrderWindow', () => {
  it('hands values on in the order pushed, whatever order the work finishes in', async () => {
    const taken: string[] = [];
    const window = new InOrderWindow<string>(3, (value) => {
      taken.push(value);
    });
    const works = ['a', 'b', 'c', 'd', 'e'].map(() => deferred<string>());
    works[2]?.resolve('c');
    works[1]?.resolve('b');
    await window.push(works[0]?.promise as Promise<string>);
    await window.push(works[1]?.promise as Promise<string>);
    // The third push fills the window: it waits for the oldest, which finishes last.
    const third = window.push(works[2]?.promise as Promise<string>);
    works[4]?.resolve('e');
    works[3]?.resolve('d');
    works[0]?.resolve('a');
    await third;
    expect(taken).toEqual(['a']);
    await window.push(works[3]?.promise as Promise<string>);
    await window.push(works[4]?.promise as Promise<string>);
    await window.drain();
    expect(taken).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps at most `size` in flight', async () => {
    const started: number[] = [];
    const window = new InOrderWindow<number>(2, () => {});
    const works = [0, 1, 2].map(() => deferred<number>());
    await window.push(works[0]?.promise as Promise<number>);
    started.push(0);
    const second = window.push(works[1]?.promise as Promise<number>).then(() => started.push(1));
    await Promise.resolve();
    expect(started).toEqual([0]);
    works[0]?.resolve(0);
    await second;
    expect(started).toEqual([0, 1]);
  });

  it('passes on the failure of a piece of work when its turn comes', async () => {
    const window = new InOrderWindow<number>(2, () => {});
    await window.push(Promise.reject(new Error('scorer failed')));
    await expect(window.drain()).rejects.toThrow('scorer failed');
  });
});
