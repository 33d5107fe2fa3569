import type { HelmScenarioDescriptionV1 } from '@medhelm/core';

/** Where HELM's scenarios link their source to (`Scenario.definition_path`'s prefix). */
const HELM_SOURCE_URL = 'https://github.com/stanford-crfm/helm/blob/main/src';

/** HELM's scenario, as {@link helmScenario} takes it. */
export interface HelmScenarioOptions {
  /** The scenario's full Python class path, e.g. `helm.benchmark.scenarios.med_qa_scenario.MedQAScenario`. */
  className: string;
  /** The scenario's `name` attribute (MedHELM: the benchmark id). */
  name: string;
  /** The scenario's `description` attribute verbatim (adjacent literals joined as Python joins them). */
  description: string;
  /** The scenario's `tags`. */
  tags: readonly string[];
  /** The scenario spec's args. Default `{}`. */
  args?: Readonly<Record<string, unknown>>;
  /** The run spec's groups. Default `[name]`. */
  groups?: readonly string[];
  /** The run spec's name before the run expanders, when it is not just `name`. */
  runSpecName?: string;
}

/**
 * HELM's description of a scenario and its run spec (`HelmScenarioDescriptionV1`), with
 * `definitionPath` derived as HELM derives `definition_path`: the GitHub URL of the file that
 * defines the class (`helm/benchmark/scenarios/<module>.py` for `className`).
 */
export function helmScenario(options: HelmScenarioOptions): HelmScenarioDescriptionV1 {
  const module = options.className.slice(0, options.className.lastIndexOf('.'));
  return {
    scenarioClassName: options.className,
    ...(options.runSpecName === undefined ? {} : { runSpecName: options.runSpecName }),
    scenarioArgs: options.args ?? {},
    scenarioName: options.name,
    scenarioDescription: options.description,
    tags: options.tags,
    definitionPath: `${HELM_SOURCE_URL}/${module.replaceAll('.', '/')}.py`,
    groups: options.groups ?? [options.name],
  };
}
