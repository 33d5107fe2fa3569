import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of HeadQA (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const HEAD_QA_CARD = readBenchmarkCard(card, '@medhelm/benchmark-head-qa');
