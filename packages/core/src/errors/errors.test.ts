import { describe, expect, it } from 'vitest';
import { DatasetLoadError } from './dataset-load-error.ts';
import { MedHelmError } from './medhelm-error.ts';
import { ModelCallError } from './model-call-error.ts';
import { toMedHelmError } from './to-medhelm-error.ts';

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

  it('recognises its own errors across copies via the global marker', () => {
    expect(MedHelmError.isInstance(new ModelCallError('boom', { isRetryable: true }))).toBe(true);
    expect(MedHelmError.isInstance(new Error('plain'))).toBe(false);
    expect(MedHelmError.isInstance(null)).toBe(false);
  });

  it('wraps unknown throwables with context and keeps the cause', () => {
    const cause = new TypeError('x is undefined');
    const wrapped = toMedHelmError(cause, 'benchmark pubmed_qa, instance id3');
    expect(wrapped.message).toBe('benchmark pubmed_qa, instance id3: x is undefined');
    expect(wrapped.cause).toBe(cause);
  });
});
