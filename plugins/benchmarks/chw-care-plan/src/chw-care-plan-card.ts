import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of NoteExtract (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const CHW_CARE_PLAN_CARD = readBenchmarkCard(card, '@medhelm/benchmark-chw-care-plan');
