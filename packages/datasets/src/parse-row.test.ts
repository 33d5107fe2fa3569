import { DatasetLoadError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseRow } from './parse-row.ts';

const schema = z.object({
  QUESTION: z.string(),
  CONTEXTS: z.array(z.string()),
  final_decision: z.enum(['yes', 'no', 'maybe']),
});

function failure(run: () => unknown): DatasetLoadError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }
  throw new Error('expected a DatasetLoadError');
}

describe('parseRow', () => {
  it('returns the parsed row', () => {
    const row = { QUESTION: 'q', CONTEXTS: ['c'], final_decision: 'yes', extra: 1 };
    expect(parseRow(schema, row, { file: 'f.json', row: '1' })).toEqual({
      QUESTION: 'q',
      CONTEXTS: ['c'],
      final_decision: 'yes',
    });
  });

  it('names file, line, row and the failing field with the value it got', () => {
    const error = failure(() =>
      parseRow(
        schema,
        { QUESTION: 'q', CONTEXTS: ['c'], final_decision: 'perhaps' },
        { file: 'f.json', line: 7, row: '123' },
      ),
    );
    expect(error.location).toEqual({ file: 'f.json', line: 7, row: '123', field: 'final_decision' });
    expect(error.message).toMatch(/^f\.json, line 7, row 123, field "final_decision": .+ \(got "perhaps"\)$/);
    expect(error.hint).toMatch(/^The file does not match the upstream format HELM reads: correct that row/);
  });

  it('counts the problems after the first, all of which stay in the cause', () => {
    const error = failure(() =>
      parseRow(schema, { CONTEXTS: 'c', final_decision: 'perhaps' }, { file: 'f.json' }),
    );
    expect(error.message).toMatch(/; 2 more problems in this row$/);
    expect((error.cause as z.ZodError).issues).toHaveLength(3);
  });

  it('reports a missing field and a nested path', () => {
    expect(failure(() => parseRow(schema, { CONTEXTS: [] }, { file: 'f.json' })).location?.field).toBe(
      'QUESTION',
    );
    const nested = failure(() =>
      parseRow(schema, { QUESTION: 'q', CONTEXTS: ['a', 2], final_decision: 'no' }, { file: 'f.json' }),
    );
    expect(nested.location?.field).toBe('CONTEXTS[1]');
    expect(nested.message).toContain('(got 2)');
  });

  it('reports a row that is not an object without a field', () => {
    const error = failure(() => parseRow(schema, 'text', { file: 'f.json', row: 3 }));
    expect(error.location).toEqual({ file: 'f.json', row: 3 });
  });
});
