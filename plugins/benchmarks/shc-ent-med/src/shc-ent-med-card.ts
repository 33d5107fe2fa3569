import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of ENT-Referral (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const SHC_ENT_MED_CARD = readBenchmarkCard(card, '@medhelm/benchmark-shc-ent-med');
