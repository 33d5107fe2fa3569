import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of EHRSHOT (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const EHRSHOT_CARD = readBenchmarkCard(card, '@medhelm/benchmark-ehrshot');
