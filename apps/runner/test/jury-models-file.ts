import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes `<cwd>/models.yaml`: the candidate and HELM's three judges (judge-gpt, judge-llama,
 * judge-claude), each an openai-compatible deployment on the mock server at `baseUrl` with a price.
 */
export function writeJuryModelsFile(cwd: string, baseUrl: string, candidate = 'candidate'): void {
  const deployment = (model: string) =>
    `  ${model}:\n    provider: openai-compatible\n    model: ${model}\n    baseUrl: ${baseUrl}\n    price: { inputPerMillion: 1, outputPerMillion: 2 }\n`;
  writeFileSync(
    join(cwd, 'models.yaml'),
    `deployments:\n${[candidate, 'judge-gpt', 'judge-llama', 'judge-claude'].map(deployment).join('')}`,
  );
}
