import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MentalHealth (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MENTAL_HEALTH_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mental-health');
