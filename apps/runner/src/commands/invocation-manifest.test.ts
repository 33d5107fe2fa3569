import { describe, expect, it } from 'vitest';
import { invocationManifest, parseInvocationManifest } from './invocation-manifest.ts';
import type { RunCommandOptions } from './run-command-options.ts';

describe('invocationManifest', () => {
  it("carries what workers plan with, never the coordinator's Redis password or a key's value", () => {
    const options = {
      benchmarks: 'pubmed_qa',
      models: 'gpt-4o',
      apiKeyEnv: 'MY_OPENAI_KEY',
      dataDir: 'data',
      maxCost: '5',
      outputPath: 'out',
      suite: 'latest',
      cache: true,
      executor: 'bullmq',
      redisUrl: 'redis://worker:hunter2@10.0.0.5:6379',
      queue: 'q',
      globalConcurrency: true,
    } as RunCommandOptions;
    const manifest = invocationManifest(options, '/home/me/project');
    expect(manifest).not.toContain('hunter2');
    expect(manifest).not.toContain('redis://');
    const parsed = parseInvocationManifest(manifest);
    expect(parsed.cwd).toBe('/home/me/project');
    // The name of the key variable travels; its value is read from each worker's environment.
    expect(parsed.options).toEqual({
      benchmarks: 'pubmed_qa',
      models: 'gpt-4o',
      apiKeyEnv: 'MY_OPENAI_KEY',
      dataDir: 'data',
      maxCost: '5',
      outputPath: 'out',
      suite: 'latest',
      cache: true,
    });
  });
});
