import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of ADHD-MedEffects (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const SHC_SEI_MED_CARD = readBenchmarkCard(card, '@medhelm/benchmark-shc-sei-med');
