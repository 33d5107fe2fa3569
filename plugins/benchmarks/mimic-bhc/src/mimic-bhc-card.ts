import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MIMIC-IV-BHC (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MIMIC_BHC_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mimic-bhc');
