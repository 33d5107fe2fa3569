import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadModelsFile } from './load-models-file.ts';
import { ModelsFileError } from './models-file-error.ts';
import { resolveDeployment } from './resolve-deployment.ts';

const dir = mkdtempSync(join(tmpdir(), 'medhelm-models-'));
const DEPLOYMENTS = { local: { provider: 'openai-compatible', model: 'meta-llama/Llama-3.1-8B-Instruct' } };

describe('loadModelsFile', () => {
  it('reads .yaml, .yml and .json files (a UTF-8 BOM too)', () => {
    const yaml = join(dir, 'models.yaml');
    writeFileSync(
      yaml,
      'deployments:\n  local: { provider: openai-compatible, model: meta-llama/Llama-3.1-8B-Instruct }\n',
    );
    const yml = join(dir, 'models.yml');
    writeFileSync(
      yml,
      '\uFEFFdeployments:\n  local:\n    provider: openai-compatible\n    model: meta-llama/Llama-3.1-8B-Instruct\n',
    );
    const json = join(dir, 'models.JSON');
    writeFileSync(json, JSON.stringify({ deployments: DEPLOYMENTS }, null, 2));
    for (const file of [yaml, yml, json]) expect(loadModelsFile(file).deployments).toEqual(DEPLOYMENTS);
  });

  it('reads the example file shipped with the package', () => {
    const example = fileURLToPath(new URL('../examples/models.yaml', import.meta.url));
    const config = loadModelsFile(example);
    expect(Object.keys(config.deployments)).toEqual([
      'gpt-4o',
      'llama-3.3-70b-instruct',
      'local-llama-8b',
      'azure-gpt-4o',
    ]);
    expect(resolveDeployment('llama-3.3-70b-instruct', config).price).toMatchObject({
      inputPerMillion: 0.88,
    });
  });

  it('names the file when it is missing or has another extension', () => {
    const missing = join(dir, 'nope.yaml');
    expect(() => loadModelsFile(missing)).toThrow(ModelsFileError);
    expect(() => loadModelsFile(missing)).toThrow(`${missing}: no such file`);
    expect(() => loadModelsFile(join(dir, 'models.toml'))).toThrow(
      /models\.toml: a models file must end in \.yaml, \.yml or \.json/,
    );
  });

  it('reads JSON files as JSON only', () => {
    const file = join(dir, 'yaml-in-disguise.json');
    writeFileSync(file, 'deployments:\n  local: { provider: openai-compatible, model: m }\n');
    expect(() => loadModelsFile(file)).toThrow(/yaml-in-disguise\.json:1: not valid JSON at column 1/);
  });
});
