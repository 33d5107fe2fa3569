import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from './config-error.ts';
import { DatasetLoadError } from './dataset-load-error.ts';
import { MedHelmError } from './medhelm-error.ts';
import { ModelCallError } from './model-call-error.ts';
import { NoSuchEntityError } from './no-such-entity-error.ts';
import { PluginLoadError } from './plugin-load-error.ts';
import { PromptRenderError } from './prompt-render-error.ts';
import { ScoringError } from './scoring-error.ts';
import { toMedHelmError } from './to-medhelm-error.ts';
import { UnsupportedSpecificationVersionError } from './unsupported-specification-version-error.ts';

describe('MedHELM errors', () => {
  it('names the file, line, row and field of a bad dataset row', () => {
    const error = new DatasetLoadError('expected a number, got "abc"', {
      location: { file: 'test_data.csv', line: 12, row: 11, field: 'Row Number' },
    });
    expect(error.message).toBe(
      'test_data.csv, line 12, row 11, field "Row Number": expected a number, got "abc"',
    );
    expect(error.name).toBe('MedHelm_DatasetLoadError');
    expect(error.location?.field).toBe('Row Number');
  });

  it('recognises each kind of error thrown by a genuinely separate copy of the module', async () => {
    // Two module instances, as when a plugin brings its own copy of @medhelm/core: the classes
    // differ, so `instanceof` is false and only the brands can tell the kinds apart.
    vi.resetModules();
    const copy: typeof import('./index.ts') = await import('./index.ts');
    expect(copy.ScoringError).not.toBe(ScoringError);
    const foreign = new copy.ModelCallError('boom', { isRetryable: true });
    expect(foreign instanceof ModelCallError).toBe(false);

    expect(ModelCallError.isInstance(foreign)).toBe(true);
    expect(MedHelmError.isInstance(foreign)).toBe(true);
    expect(ScoringError.isInstance(foreign)).toBe(false);
    expect(ConfigError.isInstance(new copy.ConfigError('bad flag'))).toBe(true);
    expect(DatasetLoadError.isInstance(new copy.DatasetLoadError('bad row'))).toBe(true);
    expect(PluginLoadError.isInstance(new copy.PluginLoadError('p', 'broken'))).toBe(true);
    expect(ScoringError.isInstance(new copy.ScoringError('raises'))).toBe(true);
    expect(PromptRenderError.isInstance(new copy.PromptRenderError('x'))).toBe(true);
    expect(NoSuchEntityError.isInstance(new copy.NoSuchEntityError('benchmark', 'x', []))).toBe(true);
    expect(
      UnsupportedSpecificationVersionError.isInstance(
        new copy.UnsupportedSpecificationVersionError('plugin', 'v9', ['v1']),
      ),
    ).toBe(true);
  });

  it('tells the kinds apart and refuses what is not a MedHELM error', () => {
    const kinds = [
      ConfigError,
      DatasetLoadError,
      ModelCallError,
      NoSuchEntityError,
      PluginLoadError,
      PromptRenderError,
      ScoringError,
      UnsupportedSpecificationVersionError,
    ];
    // Each class answers for its own kind only: an inherited isInstance would answer for every
    // MedHelmError.
    for (const kind of kinds) expect(Object.hasOwn(kind, 'isInstance')).toBe(true);
    expect(ConfigError.isInstance(new ScoringError('x'))).toBe(false);
    expect(ScoringError.isInstance(new MedHelmError('x'))).toBe(false);
    expect(MedHelmError.isInstance(new Error('plain'))).toBe(false);
    expect(MedHelmError.isInstance(null)).toBe(false);
    expect(ScoringError.isInstance('MedHelm_ScoringError')).toBe(false);
  });

  it('recognises a subclass as its parent kind', () => {
    class ModelsFileLikeError extends ConfigError {}
    expect(ConfigError.isInstance(new ModelsFileLikeError('x'))).toBe(true);
    expect(MedHelmError.isInstance(new ModelsFileLikeError('x'))).toBe(true);
  });

  it('wraps unknown throwables with context and keeps the cause', () => {
    const cause = new TypeError('x is undefined');
    const wrapped = toMedHelmError(cause, 'benchmark pubmed_qa, instance id3');
    expect(wrapped.message).toBe('benchmark pubmed_qa, instance id3: x is undefined');
    expect(wrapped.cause).toBe(cause);
  });
});
