import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One deployment of a test's models file: a provider at a mock server's base URL. */
export interface MockDeployment {
  /** The deployment id, also the model id unless `model` says otherwise. */
  id: string;
  baseUrl: string;
  /** Default `openai-compatible`. */
  provider?: string;
  model?: string;
  /** Input and output USD per million tokens (default 1 and 2); `null`: no price. */
  price?: readonly [number, number] | null;
}

/** Writes `<cwd>/<file>` (default models.yaml) with `deployments`. */
export function writeModelsFile(
  cwd: string,
  deployments: readonly MockDeployment[],
  file = 'models.yaml',
): void {
  const entry = ({
    id,
    baseUrl,
    provider = 'openai-compatible',
    model = id,
    price = [1, 2],
  }: MockDeployment) =>
    `  ${id}:\n    provider: ${provider}\n    model: ${model}\n    baseUrl: ${baseUrl}\n${
      price === null ? '' : `    price: { inputPerMillion: ${price[0]}, outputPerMillion: ${price[1]} }\n`
    }`;
  writeFileSync(join(cwd, file), `deployments:\n${deployments.map(entry).join('')}`);
}

/**
 * Writes `<cwd>/models.yaml`: the candidate and HELM's three judges (judge-gpt, judge-llama,
 * judge-claude), each an openai-compatible deployment on the mock server at `baseUrl` with a price.
 */
export function writeJuryModelsFile(cwd: string, baseUrl: string, candidate = 'candidate'): void {
  writeModelsFile(
    cwd,
    [candidate, 'judge-gpt', 'judge-llama', 'judge-claude'].map((id) => ({ id, baseUrl })),
  );
}
