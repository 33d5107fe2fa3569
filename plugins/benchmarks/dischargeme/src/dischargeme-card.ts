import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of DischargeMe (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const DISCHARGEME_CARD = readBenchmarkCard(card, '@medhelm/benchmark-dischargeme');
