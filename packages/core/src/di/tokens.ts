import type { Registry } from '../registry/registry.ts';
import type { BenchmarkV1 } from '../spec/benchmark-v1.ts';
import type { ModelProviderV1 } from '../spec/model-provider-v1.ts';
import type { NormalizerV1 } from '../spec/normalizer-v1.ts';
import type { ScorerV1 } from '../spec/scorer-v1.ts';
import { createToken } from './create-token.ts';

/** Where progress and warnings go; the runner decides (terminal, plain lines, silent in tests). */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/** Current time, injectable so outputs and tests are deterministic. */
export interface Clock {
  now(): Date;
}

/** Process environment, injectable so tests never read the real one. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The DI tokens of MedHELM's services. Only the runner's composition root binds them. */
export const Tokens = Object.freeze({
  BenchmarkRegistry: createToken<Registry<BenchmarkV1>>('core.BenchmarkRegistry'),
  ProviderRegistry: createToken<Registry<ModelProviderV1>>('core.ProviderRegistry'),
  ScorerRegistry: createToken<Registry<ScorerV1>>('core.ScorerRegistry'),
  NormalizerRegistry: createToken<Registry<NormalizerV1>>('core.NormalizerRegistry'),
  Logger: createToken<Logger>('core.Logger'),
  Clock: createToken<Clock>('core.Clock'),
  Environment: createToken<Environment>('core.Environment'),
});
