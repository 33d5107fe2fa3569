import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of Medbullets (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MEDBULLETS_CARD = readBenchmarkCard(card, '@medhelm/benchmark-medbullets');
