import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MedCalc-Bench (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MEDCALC_BENCH_CARD = readBenchmarkCard(card, '@medhelm/benchmark-medcalc-bench');
