import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MedConfInfo (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const SHC_CONF_MED_CARD = readBenchmarkCard(card, '@medhelm/benchmark-shc-conf-med');
