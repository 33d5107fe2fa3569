import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of BMT-Status (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const SHC_BMT_MED_CARD = readBenchmarkCard(card, '@medhelm/benchmark-shc-bmt-med');
