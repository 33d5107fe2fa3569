import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of RaceBias (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const RACE_BASED_MED_CARD = readBenchmarkCard(card, '@medhelm/benchmark-race-based-med');
