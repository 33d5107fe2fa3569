import { type BenchmarkCard, cardDataSource, juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1, DatasetFolderV1, DatasetLoaderV1 } from '@medhelm/core';
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
  /**
   * HELM's specification of the benchmark (its `benchmark-card.json`, from `readBenchmarkCard`):
   * id, metadata, the full prompt (instructions, input noun, `newlineAfterInputNoun: false`,
   * `outputNoun: "Answer"`, `maxTokens: 512`, as both run specs pass them) and the scenario with
   * its tags.
   */
  card: BenchmarkCard;
  /** The folder of reports (`mtsamplesReportFolder`). */
  folder: DatasetFolderV1;
  /** The markers HELM's scenario cuts the input before (`parseMtsamplesReport`). */
  cutMarkers: readonly MtsamplesSectionMarker[];
  /** Whether real HELM gets to read the report of this file name (see {@link MtsamplesOptions}). */
  helmReads(fileName: string): boolean;
  /** The jury's annotator and metric. */
  rubric: JuryRubric;
}

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
    benchmarkId: definition.card.id,
    folder: definition.folder,
    source: cardDataSource(definition.card, definition.folder.listing?.revision),
    cutMarkers: definition.cutMarkers,
    ...(options.onlyFilesHelmReads === false
      ? {}
      : { include: (name: string) => definition.helmReads(name) }),
  });
}

/**
 * An MTSamples benchmark: its card's metadata, prompt and scenario,
 * {@link createMtsamplesBenchmarkDataset}, HELM's jury recipe (`juryBenchmark`: SummarizationMetric,
 * the basic generation stats and LLMJuryMetric, the jury annotator) and, while it reads only what
 * real HELM reads, a conformance variant reading every report, since HELM's prompt vectors were
 * made that way.
 */
export function createMtsamplesBenchmark(
  definition: MtsamplesBenchmarkDefinition,
  options: MtsamplesOptions = {},
): BenchmarkV1 {
  return juryBenchmark(definition.card, {
    dataset: createMtsamplesBenchmarkDataset(definition, options),
    rubric: definition.rubric,
    ...(options.onlyFilesHelmReads === false
      ? {}
      : {
          conformanceVariant: createMtsamplesBenchmark(definition, { ...options, onlyFilesHelmReads: false }),
        }),
  });
}
