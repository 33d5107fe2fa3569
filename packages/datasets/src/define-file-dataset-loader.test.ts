import { type DatasetFileV1, type Instance, reference, TEST_SPLIT } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { defineFileDatasetLoader } from './define-file-dataset-loader.ts';

const first: DatasetFileV1 = { name: 'first.jsonl' };
const second: DatasetFileV1 = { name: 'second.jsonl' };

function instance(text: string): Instance {
  return { input: { text }, references: [reference('a', true)], split: TEST_SPLIT };
}

describe('defineFileDatasetLoader', () => {
  it('describes the loader, public unless told otherwise', () => {
    const loader = defineFileDatasetLoader({
      license: 'MIT',
      upstream: { url: 'https://example.org', revision: 'abc' },
      files: [first, second],
      read: () => [],
    });
    expect(loader).toMatchObject({
      specificationVersion: 'v1',
      access: 'public',
      license: 'MIT',
      upstream: { url: 'https://example.org', revision: 'abc' },
      files: [first, second],
    });
    expect(defineFileDatasetLoader({ ...loader, access: 'gated', read: () => [] }).access).toBe('gated');
    // Whether the bundled sample is invented: left out unless stated, kept when it is.
    expect('sampleInvented' in loader).toBe(false);
    for (const sampleInvented of [true, false]) {
      expect(defineFileDatasetLoader({ ...loader, sampleInvented, read: () => [] }).sampleInvented).toBe(
        sampleInvented,
      );
    }
  });

  it('resolves each file when it gets to it and yields its instances in file order', async () => {
    const events: string[] = [];
    const loader = defineFileDatasetLoader({
      license: 'MIT',
      upstream: { url: 'https://example.org' },
      files: [first, second],
      async *read(path, file) {
        events.push(`read ${file.name} at ${path}`);
        yield instance(`${file.name} 1`);
        yield instance(`${file.name} 2`);
      },
    });
    const context = {
      resolveFile: async (file: DatasetFileV1) => {
        events.push(`resolve ${file.name}`);
        return `/data/${file.name}`;
      },
    };
    const texts: string[] = [];
    for await (const loaded of loader.load(context)) texts.push(loaded.input.text);
    expect(texts).toEqual(['first.jsonl 1', 'first.jsonl 2', 'second.jsonl 1', 'second.jsonl 2']);
    expect(events).toEqual([
      'resolve first.jsonl',
      'read first.jsonl at /data/first.jsonl',
      'resolve second.jsonl',
      'read second.jsonl at /data/second.jsonl',
    ]);
  });

  it('stops with the abort reason once the run is interrupted', async () => {
    const controller = new AbortController();
    const loader = defineFileDatasetLoader({
      license: 'MIT',
      upstream: { url: 'https://example.org' },
      files: [first],
      read: () => [instance('one'), instance('two'), instance('three')],
    });
    const texts: string[] = [];
    const load = async () => {
      for await (const loaded of loader.load({
        resolveFile: async () => '/data',
        signal: controller.signal,
      })) {
        texts.push(loaded.input.text);
        if (texts.length === 2) controller.abort(new Error('interrupted'));
      }
    };
    await expect(load()).rejects.toThrow('interrupted');
    expect(texts).toEqual(['one', 'two']);
  });
});
