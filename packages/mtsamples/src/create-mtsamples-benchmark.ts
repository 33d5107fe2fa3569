import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import {
  type BenchmarkV1,
  type DatasetFolderV1,
  type DatasetLoaderV1,
  defineBenchmark,
  type MedHelmCategory,
} from '@medhelm/core';
import type { JuryRubric } from '@medhelm/jury';
import { createMtsamplesDataset } from './create-mtsamples-dataset.ts';
import type { MtsamplesSectionMarker } from './parse-mtsamples-report.ts';

/**
 * One of MedHELM's MTSamples benchmarks (MTSamples Procedures, MTSamples Replicate): what sets it
 * apart from the other. Both read a raulista1997/benchmarkdata folder of reports, one instance per
 * report, ask for a treatment plan and are judged by HELM's LLM jury against the report's cut-off
 * section, with ROUGE alongside.
 */
export interface MtsamplesBenchmarkDefinition {
  /** HELM's run spec and scenario name, e.g. `mtsamples_procedures`. */
  id: string;
  displayName: string;
  /** HELM's ScenarioMetadata description (the leaderboard's). */
  description: string;
  category: MedHelmCategory;
  subcategory: string;
  /** The folder of reports (`mtsamplesReportFolder`). */
  folder: DatasetFolderV1;
  /** The markers HELM's scenario cuts the input before (`parseMtsamplesReport`). */
  cutMarkers: readonly MtsamplesSectionMarker[];
  /** Whether real HELM gets to read the report of this file name (see {@link MtsamplesOptions}). */
  helmReads(fileName: string): boolean;
  /**
   * What the run spec's `get_generation_adapter_spec` call sets apart: the instructions and the
   * input noun (`null`: no input prefix). Both run specs also pass `newline_after_input_noun=False`,
   * `output_noun="Answer"` and `max_tokens=512`.
   */
  prompt: { instructions: string; inputNoun: string | null };
  /** The jury's annotator and metric. */
  rubric: JuryRubric;
  /**
   * HELM's scenario class (full Python path) and its `description` attribute verbatim. Both
   * scenarios are named after the benchmark and tagged {@link MTSAMPLES_SCENARIO_TAGS}.
   */
  scenario: { className: string; description: string };
}

/** The `tags` of both MTSamples scenarios. */
export const MTSAMPLES_SCENARIO_TAGS: readonly string[] = ['medical', 'transcription', 'plan_generation'];

/** Options of an MTSamples benchmark. */
export interface MtsamplesOptions {
  /**
   * Read only the reports real HELM reads (default true), for HELM-identical instances and ids:
   * HELM downloads each file from `RAW_BASE_URL + file_name` without URL-encoding it, so a `#` (or
   * `?`) in a name ends the path, the download fails and HELM skips the file; a folder listing may
   * also stop short (see the benchmark's `helmReads`). Set false to read every `.txt` file, as
   * HELM's intent and the project's prompt vectors (made with a stubbed download) do.
   */
  onlyFilesHelmReads?: boolean;
}

/** The loader of an MTSamples benchmark: its folder's reports, those real HELM reads unless told otherwise. */
export function createMtsamplesBenchmarkDataset(
  definition: MtsamplesBenchmarkDefinition,
  options: MtsamplesOptions = {},
): DatasetLoaderV1 {
  return createMtsamplesDataset({
    benchmarkId: definition.id,
    folder: definition.folder,
    cutMarkers: definition.cutMarkers,
    ...(options.onlyFilesHelmReads === false
      ? {}
      : { include: (name: string) => definition.helmReads(name) }),
  });
}

/**
 * An MTSamples benchmark: {@link createMtsamplesBenchmarkDataset}, HELM's jury recipe
 * (`juryBenchmarkParts`: SummarizationMetric, the basic generation stats and LLMJuryMetric, the
 * jury annotator) and, while it reads only what real HELM reads, a conformance variant reading
 * every report, since HELM's prompt vectors were made that way.
 */
export function createMtsamplesBenchmark(
  definition: MtsamplesBenchmarkDefinition,
  options: MtsamplesOptions = {},
): BenchmarkV1 {
  const { id, displayName, description, category, subcategory, prompt, scenario } = definition;
  return defineBenchmark({
    id,
    displayName,
    description,
    category,
    subcategory,
    dataset: createMtsamplesBenchmarkDataset(definition, options),
    ...(options.onlyFilesHelmReads === false
      ? {}
      : {
          conformanceVariant: createMtsamplesBenchmark(definition, { ...options, onlyFilesHelmReads: false }),
        }),
    ...juryBenchmarkParts(id, definition.rubric, {
      ...prompt,
      newlineAfterInputNoun: false,
      outputNoun: 'Answer',
      maxTokens: 512,
    }),
    helm: helmScenario({ ...scenario, name: id, tags: MTSAMPLES_SCENARIO_TAGS }),
  });
}
