import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MTSamples Procedures (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MTSAMPLES_PROCEDURES_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mtsamples-procedures');
