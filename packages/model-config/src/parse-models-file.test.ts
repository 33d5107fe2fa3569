import { ConfigError, MedHelmError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { ModelsFileError } from './models-file-error.ts';
import { DeploymentSchema } from './models-file-schema.ts';
import { parseModelsFile, validateModelsConfig } from './parse-models-file.ts';

const FAKE_KEY = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';

function errorOf(run: () => unknown): ModelsFileError {
  try {
    run();
  } catch (error) {
    if (ModelsFileError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ModelsFileError');
}

const VALID_YAML = `deployments:
  gpt-4o:
    provider: openai
    model: gpt-4o-2024-08-06
    helmModel: openai/gpt-4o-2024-08-06
    baseUrl: https://api.openai.com/v1
    apiKeyEnv: OPENAI_API_KEY
    limits: { concurrency: 8, requestsPerMinute: 500, tokensPerMinute: 800000 }
    price: { inputPerMillion: 2.5, outputPerMillion: 10, currency: USD }
`;

describe('parseModelsFile', () => {
  it('reads the documented YAML shape', () => {
    const config = parseModelsFile(VALID_YAML, 'models.yaml');
    expect(config.deployments['gpt-4o']).toEqual({
      provider: 'openai',
      model: 'gpt-4o-2024-08-06',
      helmModel: 'openai/gpt-4o-2024-08-06',
      baseUrl: 'https://api.openai.com/v1',
      apiKeyEnv: 'OPENAI_API_KEY',
      limits: { concurrency: 8, requestsPerMinute: 500, tokensPerMinute: 800000 },
      price: { inputPerMillion: 2.5, outputPerMillion: 10, currency: 'USD' },
    });
  });

  it('reads the same content as JSON, with a $schema key', () => {
    const json = JSON.stringify({
      $schema: './node_modules/@medhelm/model-config/schema/models.schema.json',
      deployments: { local: { provider: 'openai-compatible', model: 'm', apiKeyEnv: ['A_KEY', 'B_KEY'] } },
    });
    const config = parseModelsFile(json, 'models.json');
    expect(config.deployments['local']?.apiKeyEnv).toEqual(['A_KEY', 'B_KEY']);
  });

  it('names the file, line, deployment and field of a bad value, with the fix', () => {
    const text = VALID_YAML.replace('concurrency: 8', 'concurrency: 0');
    const error = errorOf(() => parseModelsFile(text, 'models.yaml'));
    expect(error).toBeInstanceOf(ConfigError);
    expect(MedHelmError.isInstance(error)).toBe(true);
    expect(error.name).toBe('MedHelm_ConfigError');
    expect(error.issues).toEqual([
      { deployment: 'gpt-4o', field: 'limits.concurrency', line: 8, message: 'must be at least 1' },
    ]);
    expect(error.message).toBe(
      'models.yaml:8, deployment "gpt-4o", field "limits.concurrency": must be at least 1',
    );
  });

  it('lists every problem, and says what a missing field should be', () => {
    const text = `deployments:\n  a:\n    model: x\n    colour: blue\n  b:\n    provider: OpenAI\n    model: y\n    price: { inputPerMillion: 0.0000001, outputPerMillion: 1, currency: EUR }\n`;
    const error = errorOf(() => parseModelsFile(text, 'models.yaml'));
    const byField = Object.fromEntries(
      error.issues.map((issue) => [`${issue.deployment}/${issue.field}`, issue]),
    );
    expect(Object.keys(byField).sort()).toEqual([
      'a/colour',
      'a/provider',
      'b/price.currency',
      'b/price.inputPerMillion',
      'b/provider',
    ]);
    expect(byField['a/provider']?.message).toMatch(/^is required: add "provider: <registry id>"/);
    expect(byField['a/colour']?.message).toMatch(
      /^unknown field "colour": remove it .*fields here: provider, model/,
    );
    expect(byField['a/colour']?.line).toBe(4);
    expect(byField['b/provider']?.message).toMatch(/lower case/);
    expect(byField['b/price.inputPerMillion']?.message).toMatch(/at most 6 decimal places/);
    expect(byField['b/price.currency']?.message).toMatch(/must be USD/);
    expect(error.message).toMatch(/^models\.yaml: 5 problems:\n {2}- models\.yaml:\d+, deployment "a"/);
  });

  it('suggests the closest field for a typo and lists every field the schema accepts, local and trusted too', () => {
    const error = errorOf(() =>
      parseModelsFile(
        'deployments:\n  my-vllm:\n    provider: openai-compatible\n    model: m\n    baseURL: http://127.0.0.1:8000/v1\n',
        'models.yaml',
      ),
    );
    expect(error.issues).toHaveLength(1);
    expect(error.message).toBe(
      `models.yaml:5, deployment "my-vllm", field "baseURL": unknown field "baseURL": did you mean "baseUrl"? (fields here: ${Object.keys(DeploymentSchema.shape).join(', ')})`,
    );
    expect(error.message).toContain('local, trusted');
  });

  it('lists the fields of the level the unknown field is at, from the schema', () => {
    const top = errorOf(() => parseModelsFile('deployments: {}\njudgs: {}\n', 'models.yaml'));
    expect(top.issues[0]?.message).toBe(
      'unknown field "judgs": did you mean "judges"? (fields here: $schema, deployments, judges)',
    );
    const limits = errorOf(() =>
      parseModelsFile(
        'deployments:\n  a:\n    provider: openai\n    model: x\n    limits: { colour: 1 }\n',
        'models.yaml',
      ),
    );
    expect(limits.issues[0]?.message).toBe(
      'unknown field "colour": remove it or fix its spelling (fields here: concurrency, requestsPerMinute, tokensPerMinute)',
    );
  });

  it('points a key field to apiKeyEnv instead of accepting it', () => {
    const error = errorOf(() =>
      parseModelsFile('deployments:\n  a:\n    provider: openai\n    model: x\n    apiKey: abc\n', 'm.yaml'),
    );
    expect(error.issues[0]?.message).toMatch(/never holds keys.*apiKeyEnv/);
  });

  it('requires a baseUrl for azure-openai and refuses credentials in a URL', () => {
    const text = `deployments:
  az:
    provider: azure-openai
    model: my-deployment
  u:
    provider: openai-compatible
    model: m
    baseUrl: https://user:pass@example.com/v1
  q:
    provider: openai-compatible
    model: m
    baseUrl: https://example.com/v1?api_key=abc
  f:
    provider: openai-compatible
    model: m
    baseUrl: ftp://example.com
`;
    const error = errorOf(() => parseModelsFile(text, 'm.yaml'));
    expect(error.issues.map((issue) => [issue.deployment, issue.field])).toEqual([
      ['az', 'baseUrl'],
      ['u', 'baseUrl'],
      ['q', 'baseUrl'],
      ['f', 'baseUrl'],
    ]);
    expect(error.issues[0]?.message).toMatch(/required for azure-openai/);
    expect(error.issues[1]?.message).toMatch(/user name or password/);
    expect(error.issues[2]?.message).toMatch(/credentials in its query/);
    expect(error.issues[3]?.message).toMatch(/http\(s\) URL/);
    expect(error.message).not.toContain('pass@');
  });

  it('rejects bad deployment ids and a file without deployments', () => {
    const badId = errorOf(() =>
      parseModelsFile('deployments:\n  "openai:gpt-4o": { provider: openai, model: x }\n', 'm.yaml'),
    );
    expect(badId.issues[0]?.message).toMatch(/no ":" or "\/"/);
    const none = errorOf(() => parseModelsFile('models: {}\n', 'm.yaml'));
    expect(none.issues.map((issue) => issue.field).sort()).toEqual(['deployments', 'models']);
    const list = errorOf(() => parseModelsFile('- a\n- b\n', 'm.yaml'));
    expect(list.issues[0]?.message).toMatch(/must be a mapping with a "deployments:" key/);
    expect(errorOf(() => parseModelsFile('  \n', 'm.yaml')).message).toBe(
      'm.yaml: the file is empty: it needs a "deployments:" mapping',
    );
  });

  it('asks to quote a model id that YAML reads as a number', () => {
    const error = errorOf(() =>
      parseModelsFile('deployments:\n  a: { provider: openai-compatible, model: 3.5 }\n', 'm.yaml'),
    );
    expect(error.issues[0]).toMatchObject({ deployment: 'a', field: 'model', line: 2 });
    expect(error.issues[0]?.message).toMatch(/quote it/);
  });

  it('reports YAML and JSON syntax errors with their line, without quoting the text', () => {
    const yaml = errorOf(() => parseModelsFile(`deployments:\n  a: [${FAKE_KEY}\n  b: 1\n`, 'm.yaml'));
    expect(yaml.issues[0]?.line).toBeGreaterThanOrEqual(2);
    expect(yaml.message).toMatch(/^m\.yaml:\d+: not valid YAML/);
    expect(yaml.message).not.toContain(FAKE_KEY);
    const json = errorOf(() =>
      parseModelsFile(`{\n  "deployments": {\n    "a": ${FAKE_KEY}\n  }\n}`, 'm.json'),
    );
    expect(json.message).toMatch(/^m\.json:3: not valid JSON/);
    expect(json.message).not.toContain(FAKE_KEY);
    expect(json.message).not.toContain('sk-');
    const truncated = errorOf(() => parseModelsFile('{"deployments": {', 'm.json'));
    expect(truncated.message).toBe('m.json: not valid JSON: the text ends too early');
    // Strict JSON: NaN (which Python's json.loads would take) is refused where it starts.
    const nan = errorOf(() => parseModelsFile('{\n  "deployments": NaN\n}', 'm.json'));
    expect(nan.message).toBe('m.json:2: not valid JSON at column 18');
  });

  it('refuses duplicate keys in YAML and JSON', () => {
    const yaml = errorOf(() =>
      parseModelsFile(
        'deployments:\n  a: { provider: openai, model: x }\n  a: { provider: openai, model: y }\n',
        'm.yaml',
      ),
    );
    expect(yaml.message).toMatch(/m\.yaml:3: not valid YAML/);
    const json = errorOf(() =>
      parseModelsFile(
        '{"deployments": {\n"a": {"provider": "openai", "model": "x"},\n"a": {"provider": "openai", "model": "y"}}}',
        'm.json',
      ),
    );
    expect(json.message).toBe('m.json:3: a key appears twice in the same object');
  });
});

describe('literal keys', () => {
  it('refuses a key in apiKeyEnv with the exact fix, never echoing it', () => {
    const text = VALID_YAML.replace('apiKeyEnv: OPENAI_API_KEY', `apiKeyEnv: ${FAKE_KEY}`);
    const error = errorOf(() => parseModelsFile(text, 'models.yaml'));
    expect(error.message).toBe(
      'models.yaml:7, deployment "gpt-4o", field "apiKeyEnv": apiKeyEnv must be an environment variable name like OPENAI_API_KEY, not a key: remove the key from the file',
    );
    expect(error.hint).toMatch(/revoke the key/);
    expect(`${error.message}${error.hint}${JSON.stringify(error.issues)}${error.stack}`).not.toContain(
      FAKE_KEY,
    );
  });

  it('refuses keys in any string field, in lists, in JSON, and as mapping keys', () => {
    const azureKey = '0123456789abcdef0123456789abcdef';
    const text = JSON.stringify({
      deployments: {
        a: { provider: 'openai', model: 'gpt-4o', description: `my key is ${FAKE_KEY}` },
        b: { provider: 'openai', model: 'gpt-4o', apiKeyEnv: ['OPENAI_API_KEY', azureKey] },
        [FAKE_KEY]: { provider: 'openai', model: 'gpt-4o' },
        c: { provider: 'openai', model: 'gpt-4o', baseUrl: `https://x.example/v1?k=${azureKey}` },
      },
    });
    const error = errorOf(() => parseModelsFile(text, 'models.json'));
    expect(error.issues.map((issue) => [issue.deployment, issue.field])).toEqual([
      ['a', 'description'],
      ['b', 'apiKeyEnv.1'],
      ['<id #3>', undefined],
      ['c', 'baseUrl'],
    ]);
    expect(error.issues[1]?.message).toMatch(/^apiKeyEnv must be an environment variable name/);
    expect(error.issues[0]?.message).toMatch(/looks like a literal API key or token \(not shown\)/);
    const everything = `${error.message}${error.hint}${JSON.stringify(error.issues)}`;
    expect(everything).not.toContain(FAKE_KEY);
    expect(everything).not.toContain(azureKey);
  });

  it('checks values handed over already parsed too', () => {
    const error = errorOf(() =>
      validateModelsConfig({ deployments: { a: { provider: 'openai', model: FAKE_KEY } } }, 'from code'),
    );
    expect(error.message).toMatch(
      /^from code, deployment "a", field "model": this looks like a literal API key/,
    );
    expect(error.message).not.toContain(FAKE_KEY);
  });

  it('never lets zod or the YAML parser quote a secret either', () => {
    const error = errorOf(() =>
      parseModelsFile(`deployments:\n  a: { provider: openai, model: x, ${FAKE_KEY}: 1 }\n`, 'm.yaml'),
    );
    expect(error.issues).toHaveLength(1);
    expect(error.message).toContain('this key looks like a literal API key');
    expect(error.message).not.toContain(FAKE_KEY);
  });
});
