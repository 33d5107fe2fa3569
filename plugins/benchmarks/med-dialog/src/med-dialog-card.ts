import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

export const MED_DIALOG_CARD = readBenchmarkCard(card, '@medhelm/benchmark-med-dialog');
