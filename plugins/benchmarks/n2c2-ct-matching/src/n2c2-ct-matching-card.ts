import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of N2C2-CT Matching (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const N2C2_CT_MATCHING_CARD = readBenchmarkCard(card, '@medhelm/benchmark-n2c2-ct-matching');
