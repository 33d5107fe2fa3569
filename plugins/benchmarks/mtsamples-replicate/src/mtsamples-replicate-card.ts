import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MTSamples (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MTSAMPLES_REPLICATE_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mtsamples-replicate');
