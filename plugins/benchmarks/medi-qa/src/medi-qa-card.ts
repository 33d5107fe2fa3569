import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MEDIQA (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MEDI_QA_CARD = readBenchmarkCard(card, '@medhelm/benchmark-medi-qa');
