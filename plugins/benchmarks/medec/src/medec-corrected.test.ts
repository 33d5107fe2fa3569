import type { IdentifiedInstance } from '@medhelm/core';
import { loadBenchmarkInstances, scoreWithEveryScorer } from '@medhelm/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMedecBenchmark } from './medec-benchmark.ts';

const benchmark = createMedecBenchmark();

// The bundled notes with an error, by upstream Text ID, with the `Error Sentence ID` of the CSV's
// ground truth, and their position among the 21 notes (HELM numbers them id0, id1, ...).
const ERRONEOUS_NOTES = [
  { textId: 'ms-test-8', id: 'id1', sentence: 4 },
  { textId: 'ms-test-25', id: 'id3', sentence: 16 },
  { textId: 'ms-test-29', id: 'id5', sentence: 20 },
  { textId: 'ms-test-35', id: 'id7', sentence: 8 },
  { textId: 'ms-test-55', id: 'id11', sentence: 0 },
  { textId: 'ms-test-57', id: 'id12', sentence: 18 },
  { textId: 'ms-test-61', id: 'id13', sentence: 6 },
  { textId: 'ms-test-69', id: 'id15', sentence: 5 },
  { textId: 'ms-test-81', id: 'id17', sentence: 8 },
  { textId: 'ms-test-87', id: 'id19', sentence: 18 },
  { textId: 'ms-test-104', id: 'id20', sentence: 8 },
] as const;

/** HELM's and our corrected sentence accuracy of one completion, every scorer run as the engine does. */
async function sentenceAccuracies(instance: IdentifiedInstance, completion: string) {
  const values = await scoreWithEveryScorer(benchmark, instance, completion);
  return {
    helm: values.medec_error_sentence_accuracy,
    corrected: values.medec_error_sentence_accuracy_corrected,
  };
}

describe('medec_error_sentence_accuracy_corrected on the bundled notes', () => {
  let notes: IdentifiedInstance[];
  beforeAll(async () => {
    notes = await loadBenchmarkInstances(benchmark);
  });

  const note = (id: string) => notes.find((instance) => instance.id === id) as IdentifiedInstance;
  const gold = (instance: IdentifiedInstance) => instance.references[0]?.output.text ?? '';

  it('has no HELM metric spec and leaves the headline alone', () => {
    const corrected = benchmark.scorers.find((scorer) =>
      scorer.statNames.includes('medec_error_sentence_accuracy_corrected'),
    );
    expect(corrected?.helmMetricSpecs).toBeUndefined();
    expect(benchmark.mainMetric.name).toBe('medec_error_flag_accuracy');
  });

  it('scores the gold answer of every erroneous note 1, where HELM scores it 0', async () => {
    expect(notes).toHaveLength(21);
    for (const { id, sentence } of ERRONEOUS_NOTES) {
      const instance = note(id);
      expect(gold(instance).startsWith(`${sentence} `), id).toBe(true);
      expect(await sentenceAccuracies(instance, gold(instance)), id).toEqual({ helm: 0, corrected: 1 });
      // The sentence id alone finds the sentence too.
      expect(await sentenceAccuracies(instance, String(sentence)), id).toEqual({ helm: 0, corrected: 1 });
    }
  });

  it('scores the wrong sentence, and CORRECT, 0 on every erroneous note', async () => {
    for (const { id, sentence } of ERRONEOUS_NOTES) {
      const instance = note(id);
      expect(await sentenceAccuracies(instance, `${sentence + 1} ${gold(instance)}`), id).toEqual({
        helm: 0,
        corrected: 0,
      });
      expect(await sentenceAccuracies(instance, 'CORRECT'), id).toEqual({ helm: 0, corrected: 0 });
    }
  });

  it('agrees with HELM on the 10 correct notes', async () => {
    const correctNotes = notes.filter((instance) => gold(instance) === 'CORRECT');
    expect(correctNotes).toHaveLength(10);
    for (const instance of correctNotes) {
      expect(await sentenceAccuracies(instance, 'CORRECT'), instance.id).toEqual({ helm: 1, corrected: 1 });
      expect(await sentenceAccuracies(instance, '3 The patient is fine.'), instance.id).toEqual({
        helm: 0,
        corrected: 0,
      });
    }
  });

  it('lets a perfect model reach 1.0 (HELM caps it at the 10/21 correct notes)', async () => {
    let helm = 0;
    let corrected = 0;
    for (const instance of notes) {
      const values = await sentenceAccuracies(instance, gold(instance));
      helm += Number(values.helm);
      corrected += Number(values.corrected);
    }
    expect({ helm, corrected }).toEqual({ helm: 10, corrected: 21 });
  });
});
