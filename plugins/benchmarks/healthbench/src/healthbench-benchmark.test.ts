import { compilePromptTemplate } from '@medhelm/core';
import { loadBenchmarkInstances } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createHealthBenchBenchmark } from './healthbench-benchmark.ts';

describe('healthbench', () => {
  it("sends the candidate each example's conversation unchanged, after the sampler's system message when asked", async () => {
    const plain = await loadBenchmarkInstances(createHealthBenchBenchmark());
    expect(plain).toHaveLength(30);
    // synthetic-1001 is system + user/assistant/user/assistant/user in the data file (data/SOURCE.md).
    const multiTurn = plain.find((instance) => instance.id === 'synthetic-1001');
    expect(multiTurn?.input.messages?.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    const api = await loadBenchmarkInstances(createHealthBenchBenchmark({ systemMessage: 'api' }));
    expect(api[0]?.input.messages?.[0]).toEqual({ role: 'system', content: 'You are a helpful assistant.' });
    expect(api[0]?.input.messages?.slice(1)).toEqual(plain[0]?.input.messages);
  });

  it('takes num_examples by random.Random(0).sample and repeats the list n_repeats times, each repeat a request of its own', async () => {
    const benchmark = createHealthBenchBenchmark({ numExamples: 4, nRepeats: 2 });
    const instances = await loadBenchmarkInstances(benchmark);
    // select_examples.jsonl, "select-num-4-repeats-2": simple-evals picks synthetic-1027 first.
    expect(instances.map((instance) => instance.id)).toHaveLength(8);
    expect(instances[0]?.id).toBe('synthetic-1027');
    expect(instances[4]?.id).toBe('synthetic-1027#2');
    const render = compilePromptTemplate(benchmark.prompt, benchmark.prompt.adapterSpec);
    expect(render(instances[0]!).request.random).toBeUndefined();
    expect(render(instances[4]!).request.random).toBe('repeat 2');
    expect(render(instances[0]!).request).toMatchObject({ temperature: 0.5, maxTokens: 2048 });
  });

  it('refuses an unknown subset, naming the accepted ones', () => {
    expect(() => createHealthBenchBenchmark().arguments?.schema.parse({ subset: 'easy' })).toThrow(
      /full|hard|consensus/,
    );
  });
});
