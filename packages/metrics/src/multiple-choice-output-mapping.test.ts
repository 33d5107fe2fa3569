import { join } from 'node:path';
import { applyNormalizers, type IdentifiedInstance } from '@medhelm/core';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { HELM_REFERENCE_METRICS } from './helm-reference-metrics.ts';
import {
  applyOutputMappingPattern,
  multipleChoiceOutputMappingNormalizer,
} from './multiple-choice-output-mapping.ts';

const instance: IdentifiedInstance = { id: 'id0', input: { text: '' }, references: [], split: 'test' };
const outputMapping = { A: 'yes', B: 'no', C: 'maybe' };

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/multiple_choice.jsonl']);
const vectors =
  fidelityDirectory === undefined
    ? []
    : readConformanceVectors(join(fidelityDirectory, 'conformance', 'multiple_choice.jsonl'));

describe('multipleChoiceOutputMappingNormalizer', () => {
  const normalizer = multipleChoiceOutputMappingNormalizer();

  it('strips the completion and maps the letter to its option text', () => {
    expect(normalizer.id).toBe('multiple_choice_output_mapping');
    expect(normalizer.normalize(' B\n', { instance, outputMapping })).toBe('no');
  });

  it('gives null (no answer) for a key that is not in the mapping', () => {
    for (const completion of ['b', 'B.', '(B)', 'Answer: B', '', 'constructor', '__proto__']) {
      expect(normalizer.normalize(completion, { instance, outputMapping })).toBeNull();
    }
  });

  it('only strips when the request has no output mapping, as HELM maps nothing then', () => {
    const withPattern = multipleChoiceOutputMappingNormalizer({ outputMappingPattern: '([A-C])' });
    expect(withPattern.normalize('  The answer is B ', { instance })).toBe('The answer is B');
  });

  it('extracts the key with the pattern first', () => {
    const withPattern = multipleChoiceOutputMappingNormalizer({ outputMappingPattern: '\\b([A-C])\\b' });
    expect(withPattern.normalize('I pick C because', { instance, outputMapping })).toBe('maybe');
    // No match gives "", which is not a key.
    expect(withPattern.normalize('none', { instance, outputMapping })).toBeNull();
  });
});

describe('multipleChoiceOutputMappingNormalizer with an opt-in answer-key reading', () => {
  const quasi = multipleChoiceOutputMappingNormalizer({ answerKeyReading: 'quasi' });
  const stripPunctuation = multipleChoiceOutputMappingNormalizer({ answerKeyReading: 'strip-punctuation' });

  it('has an id of its own, never taken for HELM’s', () => {
    expect(quasi.id).toBe('multiple_choice_output_mapping_quasi');
    expect(stripPunctuation.id).toBe('multiple_choice_output_mapping_strip_punctuation');
  });

  it('maps "A." to its option where HELM’s mapping gives null', () => {
    const helm = multipleChoiceOutputMappingNormalizer({ answerKeyReading: 'helm' });
    expect(helm.normalize('A.', { instance, outputMapping })).toBeNull();
    expect(quasi.normalize('A.', { instance, outputMapping })).toBe('yes');
    expect(stripPunctuation.normalize(' A.\n', { instance, outputMapping })).toBe('yes');
  });

  it('reads each answer its own way', () => {
    expect(quasi.normalize('b', { instance, outputMapping })).toBe('no');
    expect(stripPunctuation.normalize('b', { instance, outputMapping })).toBeNull();
    expect(quasi.normalize('Answer: C', { instance, outputMapping })).toBeNull();
    expect(stripPunctuation.normalize('Answer: C', { instance, outputMapping })).toBe('yes');
  });

  it('reads what the pattern extracted, and nothing for a pattern group that did not take part', () => {
    const withPattern = multipleChoiceOutputMappingNormalizer({
      outputMappingPattern: 'Answer: (\\S+)|(none)',
      answerKeyReading: 'strip-punctuation',
    });
    expect(withPattern.normalize('Answer: (C).', { instance, outputMapping })).toBe('maybe');
    expect(withPattern.normalize('none', { instance, outputMapping })).toBeNull();
  });

  it('still only strips without an output mapping', () => {
    expect(quasi.normalize(' A. ', { instance })).toBe('A.');
  });
});

describe('applyOutputMappingPattern', () => {
  it('gives group 1, else the whole match, "" without a match, null for a group that did not take part', () => {
    expect(applyOutputMappingPattern('\\b([A-D])\\b', 'I think B')).toBe('B');
    expect(applyOutputMappingPattern('[A-D]', 'I think B')).toBe('B');
    expect(applyOutputMappingPattern('[A-D]', 'option d')).toBe('');
    expect(applyOutputMappingPattern('(X)|(Y)', 'Y')).toBeNull();
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'multiple choice conformance (multiple_choice.jsonl)',
  () => {
    it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
      const pattern = vector.extra.output_mapping_pattern as string | null;
      const normalizer = multipleChoiceOutputMappingNormalizer(
        pattern === null ? {} : { outputMappingPattern: pattern },
      );
      const prediction = applyNormalizers([normalizer], vector.prediction as string, {
        instance,
        outputMapping: vector.extra.output_mapping as Record<string, string>,
      });
      for (const [name, expected] of Object.entries(vector.expected)) {
        const metric = HELM_REFERENCE_METRICS[name];
        if (metric === undefined) throw new Error(`unexpected stat ${name}`);
        expect(Math.max(...vector.references.map((gold) => metric(gold, prediction))), name).toBe(expected);
      }
    });
  },
);
