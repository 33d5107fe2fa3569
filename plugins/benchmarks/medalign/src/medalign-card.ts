import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

export const MEDALIGN_CARD = readBenchmarkCard(card, '@medhelm/benchmark-medalign');
