import type { GenerationAdapterSpecOptions, MultipleChoiceAdapterSpecOptions } from '@medhelm/adapters';
import { type BenchmarkV1, type DatasetLoaderV1, defineBenchmark, PluginLoadError } from '@medhelm/core';
import type { JuryRubric } from '@medhelm/jury';
import type { BenchmarkCard } from './benchmark-card.ts';
import type { BenchmarkParts } from './benchmark-parts.ts';
import { type GenerationScoring, generationBenchmarkParts } from './generation-benchmark-parts.ts';
import { type HelmScenarioOptions, helmScenario } from './helm-scenario.ts';
import { juryBenchmarkParts } from './jury-benchmark-parts.ts';
import {
  type MultipleChoiceBenchmarkOptions,
  multipleChoiceBenchmarkParts,
} from './multiple-choice-benchmark-parts.ts';

/**
 * The version of every benchmark that behaves as HELM 63754d05's (MedHELM leaderboard v2.0.0):
 * a change of its data selection, prompt or scoring that can change a number needs a new one.
 */
export const HELM_BEHAVIOUR_VERSION = '1';

/** What a benchmark's code adds to its card: see {@link defineCardBenchmark}. */
export interface CardBenchmarkCode
  extends BenchmarkParts,
    Partial<
      Pick<
        BenchmarkV1,
        'correctedMetric' | 'arguments' | 'leaderboardRunEntries' | 'evalSplits' | 'conformanceVariant'
      >
    > {
  dataset: DatasetLoaderV1;
  /** Scenario fields set per run (e.g. a run argument's name, args and tags), over the card's. */
  helm?: Partial<HelmScenarioOptions>;
}

/**
 * What a recipe of a card takes besides the parts it makes; `variants` are the benchmark's own,
 * which the recipe puts before those of its parts.
 */
type RecipeCode = Omit<CardBenchmarkCode, keyof BenchmarkParts> & Pick<CardBenchmarkCode, 'variants'>;

/**
 * A benchmark from its card (id, ScenarioMetadata, HELM's scenario) and its code (dataset, the
 * parts a recipe made, run arguments), at {@link HELM_BEHAVIOUR_VERSION}. The scenario is named
 * after the benchmark unless the card or `code.helm` names it.
 */
export function defineCardBenchmark(card: BenchmarkCard, code: CardBenchmarkCode): BenchmarkV1 {
  const { helm, ...rest } = code;
  const { $comment: _comment, ...scenario } = card.helm;
  return defineBenchmark({
    id: card.id,
    version: HELM_BEHAVIOUR_VERSION,
    displayName: card.displayName,
    description: card.description,
    category: card.category,
    subcategory: card.subcategory,
    ...rest,
    helm: helmScenario({ name: card.id, ...scenario, ...helm }),
  });
}

/** The card's prompt settings, as HELM's generation adapter takes them. */
export function cardPrompt(card: BenchmarkCard): GenerationAdapterSpecOptions {
  const { $comment: _comment, ...prompt } = card.prompt;
  return prompt;
}

/**
 * A benchmark judged by the LLM jury ({@link juryBenchmarkParts}): the card's prompt, `rubric`'s
 * jury, the card's scenario.
 */
export function juryBenchmark(card: BenchmarkCard, code: RecipeCode & { rubric: JuryRubric }): BenchmarkV1 {
  const { rubric, ...rest } = code;
  return defineCardBenchmark(card, { ...rest, ...juryBenchmarkParts(card.id, rubric, cardPrompt(card)) });
}

/**
 * A generation benchmark scored on the raw completion ({@link generationBenchmarkParts}): the
 * card's prompt, the given scorers and headline, the card's scenario.
 */
export function generationBenchmark(card: BenchmarkCard, code: RecipeCode & GenerationScoring): BenchmarkV1 {
  const { scorers, mainMetric, mainSplit, annotators, ...rest } = code;
  return defineCardBenchmark(card, {
    ...rest,
    ...generationBenchmarkParts(cardPrompt(card), {
      scorers,
      mainMetric,
      ...(mainSplit === undefined ? {} : { mainSplit }),
      ...(annotators === undefined ? {} : { annotators }),
    }),
  });
}

/**
 * A multiple-choice benchmark ({@link multipleChoiceBenchmarkParts}) asked with the card's prompt,
 * whose `instructions`, `inputNoun` and `outputNoun` must be there unless `code.prompt` gives them
 * (e.g. instructions made per run argument). Its variants are `code.variants` (its own) followed
 * by those every multiple-choice benchmark shares.
 */
export function multipleChoiceBenchmark(
  card: BenchmarkCard,
  code: RecipeCode & MultipleChoiceBenchmarkOptions & { prompt?: Partial<MultipleChoiceAdapterSpecOptions> },
): BenchmarkV1 {
  const { prompt, mainSplit, correctedScorers, variants, ...rest } = code;
  const adapter = { ...cardPrompt(card), ...prompt };
  const { instructions, inputNoun, outputNoun } = adapter;
  if (instructions === undefined || inputNoun === undefined || typeof outputNoun !== 'string') {
    throw new PluginLoadError(
      card.id,
      'a multiple-choice card needs prompt.instructions, prompt.inputNoun (a string or null) and prompt.outputNoun (a string)',
    );
  }
  const parts = multipleChoiceBenchmarkParts(
    { ...adapter, instructions, inputNoun, outputNoun },
    {
      ...(mainSplit === undefined ? {} : { mainSplit }),
      ...(correctedScorers === undefined ? {} : { correctedScorers }),
    },
  );
  return defineCardBenchmark(card, {
    ...rest,
    ...parts,
    variants: [...(variants ?? []), ...(parts.variants ?? [])],
  });
}
