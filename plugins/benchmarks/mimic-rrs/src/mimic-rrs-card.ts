import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MIMIC-RRS (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MIMIC_RRS_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mimic-rrs');
