import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of EHRSQL (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const EHR_SQL_CARD = readBenchmarkCard(card, '@medhelm/benchmark-ehr-sql');
