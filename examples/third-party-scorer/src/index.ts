import { definePlugin, type MedHelmPluginV1 } from '@medhelm/core';
import { createHedgingScorer, type HedgingScorerOptions } from './hedging-scorer.ts';

export {
  createHedgingScorer,
  DEFAULT_HEDGING_PHRASES,
  HEDGING_SCORER_ID,
  type HedgingScorerOptions,
} from './hedging-scorer.ts';

/** The package name: plugins are named after their package, so errors and listings can point at it. */
const PACKAGE_NAME = 'medhelm-scorer-hedging';

/** The scorer with the default phrases. */
export const hedgingScorer = createHedgingScorer();

/**
 * The plugin for `[medhelm-scorer-hedging, options]` entries of a run config: the runner calls it
 * with the options and registers the plugin it returns.
 */
export function createPlugin(options: HedgingScorerOptions = {}): MedHelmPluginV1 {
  const scorer = createHedgingScorer(options);
  return definePlugin({
    name: PACKAGE_NAME,
    kind: 'scorer',
    register: (context) => context.registerScorer(scorer),
  });
}

/** The plugin the runner loads when the package is listed without options. */
export const plugin = definePlugin({
  name: PACKAGE_NAME,
  kind: 'scorer',
  register: (context) => context.registerScorer(hedgingScorer),
});
