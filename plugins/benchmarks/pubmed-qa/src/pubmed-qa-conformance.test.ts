import { join } from 'node:path';
import type { IdentifiedInstance, Instance, RenderedPromptV1 } from '@medhelm/core';
import { createFileResolver, type DataSource } from '@medhelm/datasets';
import { findSharedDirectory, readJsonLines } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

/** A line of `shared/conformance/prompts/pubmed_qa.jsonl` (see its README). */
interface PromptVector {
  instance_id: string;
  split: string;
  prompt: string;
  messages: null;
  references: { text: string; tags: string[] }[];
  output_mapping: Record<string, string> | null;
  adapter: Record<string, unknown>;
  request: {
    num_completions: number;
    top_k_per_token: number;
    max_tokens: number;
    temperature: number;
    stop_sequences: string[];
  };
  extra_data: Record<string, unknown> | null;
  num_train_instances: number;
  prompt_truncated: boolean;
}

const sharedDirectory = findSharedDirectory();
const benchmark = createPubmedQaBenchmark();

async function loadRendered(
  source: DataSource,
): Promise<{ instance: IdentifiedInstance; rendered: RenderedPromptV1 }[]> {
  const resolveFile = createFileResolver({ benchmarkId: benchmark.id, source });
  const instances: Instance[] = [];
  for await (const instance of benchmark.dataset.load({ resolveFile })) instances.push(instance);
  // As the engine (and HELM's with_instance_ids) does: id<k> in load order when ids are missing.
  return instances.map((instance, index) => {
    const identified = { ...instance, id: instance.id ?? `id${index}` };
    return { instance: identified, rendered: benchmark.prompt.render(identified) };
  });
}

function expectMatchesVector(
  { instance, rendered }: { instance: IdentifiedInstance; rendered: RenderedPromptV1 },
  vector: PromptVector,
): void {
  const where = `HELM vector ${vector.instance_id}`;
  expect(instance.id, where).toBe(vector.instance_id);
  expect(instance.split, where).toBe(vector.split);
  expect(rendered.request.prompt, where).toBe(vector.prompt);
  expect(rendered.request.messages, where).toBeUndefined();
  expect(
    instance.references.map((reference) => ({ text: reference.output.text, tags: reference.tags })),
    where,
  ).toEqual(vector.references);
  expect(rendered.outputMapping ?? null, where).toEqual(vector.output_mapping);
  expect(
    {
      num_completions: rendered.request.numCompletions,
      top_k_per_token: rendered.request.topKPerToken,
      max_tokens: rendered.request.maxTokens,
      temperature: rendered.request.temperature,
      stop_sequences: rendered.request.stopSequences,
    },
    where,
  ).toEqual(vector.request);
  expect(instance.extraData ?? null, where).toEqual(vector.extra_data);
  expect(rendered.numTrainInstances, where).toBe(vector.num_train_instances);
  expect(rendered.promptTruncated, where).toBe(vector.prompt_truncated);
  const adapterFields = Object.fromEntries(
    Object.keys(vector.adapter).map((key) => [
      key,
      (benchmark.prompt.adapterSpec as Record<string, unknown>)[key],
    ]),
  );
  expect(adapterFields, where).toEqual(vector.adapter);
}

describe.skipIf(sharedDirectory === undefined)('pubmed_qa prompts are byte-identical to HELM', () => {
  const shared = sharedDirectory ?? '';
  const vectors = () =>
    readJsonLines<PromptVector>(join(shared, 'conformance', 'prompts', 'pubmed_qa.jsonl'));

  it('renders every entry of the shared sample exactly as HELM does, in HELM order', async () => {
    const rendered = await loadRendered({ kind: 'directory', path: join(shared, 'data', 'pubmed_qa') });
    const expected = vectors();
    expect(expected.length).toBeGreaterThan(0);
    expect(rendered).toHaveLength(expected.length);
    for (const [index, item] of rendered.entries())
      expectMatchesVector(item, expected[index] as PromptVector);
  });

  it('renders the bundled sample (the first entries of the shared sample) exactly as HELM does', async () => {
    const rendered = await loadRendered({ kind: 'sample' });
    const expected = vectors();
    expect(rendered).toHaveLength(20);
    for (const [index, item] of rendered.entries())
      expectMatchesVector(item, expected[index] as PromptVector);
  });
});
