import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MedHallu (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MEDHALLU_CARD = readBenchmarkCard(card, '@medhelm/benchmark-medhallu');
