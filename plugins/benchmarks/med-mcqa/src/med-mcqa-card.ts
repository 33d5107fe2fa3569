import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MedMCQA (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MED_MCQA_CARD = readBenchmarkCard(card, '@medhelm/benchmark-med-mcqa');
