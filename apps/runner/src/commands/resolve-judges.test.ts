import { ConfigError } from '@medhelm/core';
import { parseModelsFile } from '@medhelm/model-config';
import { describe, expect, it } from 'vitest';
import { resolveJudges } from './resolve-judges.ts';

const config = parseModelsFile(
  [
    'deployments:',
    '  local-judge:',
    '    provider: openai-compatible',
    '    model: llama3.3:70b',
    '    baseUrl: http://127.0.0.1:11434/v1',
    '    price: { inputPerMillion: 0, outputPerMillion: 0 }',
    'judges:',
    '  gpt: gpt-4o',
    '  llama: local-judge',
    '  claude: anthropic:claude-3-7-sonnet-20250219',
  ].join('\n'),
  'models.yaml',
);

describe('resolveJudges', () => {
  it("takes the models file's judges, in order, each with its own deployment settings", () => {
    const judges = resolveJudges(undefined, config, {});
    expect(
      judges.map((judge) => [judge.name, judge.deployment.providerId, judge.deployment.modelId]),
    ).toEqual([
      ['gpt', 'openai', 'gpt-4o-2024-08-06'],
      ['llama', 'openai-compatible', 'llama3.3:70b'],
      ['claude', 'anthropic', 'claude-3-7-sonnet-20250219'],
    ]);
    expect(judges[1]?.deployment.baseUrl).toBe('http://127.0.0.1:11434/v1');
    expect(judges[1]?.deployment.price?.inputPerMillion).toBe(0);
  });

  it('lets --judges replace the models file section', () => {
    const judges = resolveJudges('solo=local-judge', config, {});
    expect(judges.map((judge) => [judge.name, judge.deployment.modelId])).toEqual([['solo', 'llama3.3:70b']]);
  });

  it("takes a user-defined benchmark's judge names, which name deployments", () => {
    const judges = resolveJudges(
      'openai/gpt-4o-2024-05-13=gpt-4o-2024-05-13,Qwen2.5=ollama:qwen2.5',
      undefined,
      {},
    );
    expect(judges.map((judge) => judge.name)).toEqual(['openai/gpt-4o-2024-05-13', 'Qwen2.5']);
  });

  it('has no judges when neither says any', () => {
    expect(resolveJudges(undefined, undefined, {})).toEqual([]);
    expect(resolveJudges('  ', undefined, {})).toEqual([]);
  });

  it('names what is wrong with a --judges item', () => {
    expect(() => resolveJudges('gpt', undefined, {})).toThrow(ConfigError);
    expect(() => resolveJudges('gpt', undefined, {})).toThrow('--judges: "gpt" is not name=model.');
    expect(() => resolveJudges('-gpt=gpt-4o', undefined, {})).toThrow('is not a judge name');
    expect(() => resolveJudges('g pt=gpt-4o', undefined, {})).toThrow('is not a judge name');
    expect(() => resolveJudges('gpt=gpt-4o,gpt=gpt-4o', undefined, {})).toThrow(
      '--judges names "gpt" twice.',
    );
    expect(() => resolveJudges('gpt=no-such-model', undefined, {})).toThrow('Unknown model "no-such-model"');
  });
});
