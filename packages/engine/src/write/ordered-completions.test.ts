import { describe, expect, it } from 'vitest';
import type { CompletedInstance } from '../checkpoint-record.ts';
import { OrderedCompletions, RunStoppedError } from './ordered-completions.ts';

function item(position: number): CompletedInstance {
  return {
    instance: { id: `id${position}`, input: { text: `q${position}` }, references: [], split: 'test' },
    rendered: {
      request: {
        prompt: `q${position}`,
        temperature: 0,
        maxTokens: 1,
        stopSequences: [],
        numCompletions: 1,
        topKPerToken: 1,
        topP: 1,
        presencePenalty: 0,
        frequencyPenalty: 0,
      },
      numTrainInstances: 0,
      promptTruncated: false,
    },
    checkpoint: {
      status: 'ok',
      requestKey: `k${position}`,
      result: {
        completions: [{ text: 'A', finishReason: 'stop' }],
        usage: { promptTokens: 1, completionTokens: 1 },
        requestTimeSeconds: 0,
      },
    },
  };
}

async function* nothing(): AsyncIterable<CompletedInstance> {}

async function drain(completions: OrderedCompletions): Promise<string[]> {
  const ids: string[] = [];
  for await (const completed of completions) ids.push(completed.instance.id);
  return ids;
}

describe('OrderedCompletions', () => {
  it('hands completions to the writer in position order, skipping failed ones, while they arrive', async () => {
    const readBacks: number[] = [];
    const completions = new OrderedCompletions({
      live: true,
      capacity: 10,
      gapCapacity: 10,
      total: 5,
      readBack: (from) => {
        readBacks.push(from);
        return nothing();
      },
    });
    const written = drain(completions);
    await completions.complete(2, item(2));
    await completions.complete(0, item(0));
    await completions.complete(1, undefined);
    await completions.complete(4, item(4));
    await completions.complete(3, item(3));
    completions.finish();
    expect(await written).toEqual(['id0', 'id2', 'id3', 'id4']);
    // Everything came live: nothing is read back.
    expect(readBacks).toEqual([]);
  });

  it('drops what piles up behind a gap and reads the rest back once the run is done', async () => {
    const completions = new OrderedCompletions({
      live: true,
      capacity: 2,
      gapCapacity: 2,
      total: 6,
      readBack: async function* (from) {
        for (let position = from; position < 6; position++) yield item(position);
      },
    });
    const written = drain(completions);
    await completions.complete(0, item(0));
    await new Promise((resolve) => setImmediate(resolve));
    // Position 1 is slow: 2, 3, 4 wait behind it until the capacity is passed.
    await completions.complete(2, item(2));
    await completions.complete(3, item(3));
    await completions.complete(4, item(4));
    await completions.complete(1, item(1));
    await completions.complete(5, item(5));
    completions.finish();
    expect(await written).toEqual(['id0', 'id1', 'id2', 'id3', 'id4', 'id5']);
  });

  it('makes a lane wait while the writer lags (back-pressure), then lets it go', async () => {
    const completions = new OrderedCompletions({
      live: true,
      capacity: 2,
      gapCapacity: 2,
      total: 3,
      readBack: async function* () {},
    });
    await completions.complete(0, item(0));
    await completions.complete(1, item(1));
    let released = false;
    const third = completions.complete(2, item(2)).then(() => {
      released = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toBe(false);
    const iterator = completions[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.instance.id).toBe('id0');
    await third;
    expect(released).toBe(true);
  });

  it('fails the writer with RunStoppedError when the run stops, and reads nothing back', async () => {
    let readBack = false;
    const completions = new OrderedCompletions({
      live: true,
      capacity: 5,
      gapCapacity: 5,
      total: 3,
      readBack: () => {
        readBack = true;
        return nothing();
      },
    });
    const written = drain(completions);
    await completions.complete(0, item(0));
    completions.abort();
    await expect(written).rejects.toBeInstanceOf(RunStoppedError);
    expect(readBack).toBe(false);
  });

  it('reads a downsampled run back whole, once it is done', async () => {
    const completions = new OrderedCompletions({
      live: false,
      capacity: 5,
      gapCapacity: 5,
      total: 2,
      readBack: async function* (from) {
        expect(from).toBe(0);
        yield item(1);
        yield item(0);
      },
    });
    await completions.complete(1, item(1));
    completions.finish();
    expect(await drain(completions)).toEqual(['id1', 'id0']);
  });
});
