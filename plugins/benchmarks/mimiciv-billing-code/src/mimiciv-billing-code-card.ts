import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of MIMIC-IV Billing Code (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const MIMICIV_BILLING_CODE_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mimiciv-billing-code');
