import { ConfigError, type Environment } from '@medhelm/core';
import type { JudgeDeployment } from '@medhelm/engine';
import type { ModelsConfig } from '@medhelm/model-config';
import { resolveModelDeploymentSettings } from './resolve-model-deployment-settings.ts';

/**
 * A judge name as HELM's `annotator_models` keys are written: `gpt`, `llama`, `claude`, or a
 * user-defined benchmark's judge, named after its deployment (`openai/gpt-4o-2024-05-13`).
 */
const JUDGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

const JUDGES_HINT =
  "Write --judges gpt=<model>,llama=<model>,claude=<model>, where each <model> is a deployment id (from --models-file or built in, e.g. gpt-4o) or <provider>:<model>; HELM's jury is gpt=gpt-4o-2024-05-13, llama=Llama-3.3-70B-Instruct, claude=claude-3-7-sonnet-20250219.";

/**
 * Resolves `--judges name=model,...` (or, without it, the models file's `judges` section) into the
 * jury's judge deployments, in the order written. Each
 * model is resolved like a `--models` value (models-file id, built-in id or `provider:model`), with
 * its own base URL, key variable, limits and price; the candidate's `--base-url` and
 * `--api-key-env` do not apply to judges.
 */
export function resolveJudges(
  option: string | undefined,
  config: ModelsConfig | undefined,
  env: Environment,
): JudgeDeployment[] {
  // `--judges` wins; otherwise the models file's `judges` section, in its order.
  const items =
    option !== undefined && option.trim() !== ''
      ? option.split(',').map((part) => part.trim())
      : Object.entries(config?.judges ?? {}).map(([name, model]) => `${name}=${model}`);
  const judges: JudgeDeployment[] = [];
  for (const item of items) {
    const equals = item.indexOf('=');
    if (equals <= 0 || equals === item.length - 1) {
      throw new ConfigError(`--judges: "${item}" is not name=model.`, { hint: JUDGES_HINT });
    }
    const name = item.slice(0, equals);
    const model = item.slice(equals + 1);
    if (!JUDGE_NAME.test(name)) {
      throw new ConfigError(
        `--judges: "${name}" is not a judge name (letters, digits, ".", "_", "/" and "-", starting with a letter or digit).`,
        {
          hint: JUDGES_HINT,
        },
      );
    }
    if (judges.some((judge) => judge.name === name)) {
      throw new ConfigError(`--judges names "${name}" twice.`, { hint: JUDGES_HINT });
    }
    judges.push({ name, deployment: resolveModelDeploymentSettings(model, config, env) });
  }
  return judges;
}
