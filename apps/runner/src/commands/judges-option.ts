import type { ModelsConfig } from '@medhelm/model-config';
import { releaseOption } from './release-option.ts';
import type { RunCommandOptions } from './run-command-options.ts';

/**
 * The judges option: `--judges`, else the models file's `judges:`, else, with `--release`, the
 * release's own jury (HELM's three judges for v2.0.0, as built-in deployments).
 */
export function judgesOption(
  options: RunCommandOptions,
  config: ModelsConfig | undefined,
): string | undefined {
  if (options.judges !== undefined || config?.judges !== undefined || options.release === undefined)
    return options.judges;
  return releaseOption(options.release)
    .jury.map((judge) => `${judge.name}=${judge.deployment}`)
    .join(',');
}
