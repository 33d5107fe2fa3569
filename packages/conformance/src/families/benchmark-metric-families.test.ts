import { join } from 'node:path';
import { extractIcdCodes } from '@medhelm/metrics';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { type ConformanceCase, RAISES_KEY } from '../conformance-family.ts';
import { readCases } from '../read-cases.ts';
import { runFamilyFile } from '../run-family.ts';
import {
  benchmarkMetricFamilies,
  llmJuryFamily,
  medecFamily,
  mimicivBillingCodeFamily,
} from './benchmark-metric-families.ts';

const fidelityDirectory = findFidelityDirectory(
  benchmarkMetricFamilies.map((family) => join('conformance', `${family.name}.jsonl`)),
);
const context = { vectorsDirectory: '.' };

function vector(fields: Partial<ConformanceCase>): ConformanceCase {
  return { metric: '', prediction: '', references: [], extra: {}, expected: {}, ...fields };
}

describe('benchmark metric families', () => {
  it('are named after their vector files', () => {
    expect(benchmarkMetricFamilies.map((family) => family.name)).toEqual([
      'medec',
      'mimiciv_billing_code',
      'llm_jury',
    ]);
    expect(mimicivBillingCodeFamily.floatKeys).toEqual([
      'mimiciv_billing_code_precision',
      'mimiciv_billing_code_recall',
      'mimiciv_billing_code_f1',
    ]);
    expect(llmJuryFamily.floatKeys).toEqual(['jury_score']);
    expect(medecFamily.floatKeys).toBeUndefined();
  });

  it('medec: scores the first correct reference, nothing without one', async () => {
    expect(await medecFamily.evaluate(vector({ prediction: ' 3\n', references: ['3.'] }), context)).toEqual({
      medec_error_flag_accuracy: 1,
      medec_error_sentence_accuracy: 1,
    });
    expect(
      await medecFamily.evaluate(vector({ references: [], extra: { incorrect_references: ['3'] } }), context),
    ).toEqual({});
  });

  it('mimiciv_billing_code: refuses where scikit-learn raises', async () => {
    expect(
      await mimicivBillingCodeFamily.evaluate(
        vector({ prediction: 'I10', references: ['I10,E11.9'] }),
        context,
      ),
    ).toEqual({
      mimiciv_billing_code_precision: 1,
      mimiciv_billing_code_recall: 0.5,
      mimiciv_billing_code_f1: 2 / 3,
    });
    const refused = await mimicivBillingCodeFamily.evaluate(
      vector({ prediction: 'Z7901', references: ['Z7901'] }),
      context,
    );
    expect(Object.keys(refused)).toEqual([RAISES_KEY]);
  });

  it("llm_jury: names the stat with the vector's metric and refuses where HELM raises", async () => {
    const extra = {
      scenario_name: 'medi_qa',
      annotator_models: ['j1'],
      default_score: null,
      annotations: { medi_qa: { j1: { a: { score: 2 }, b: { score: '3' } } } },
    };
    expect(await llmJuryFamily.evaluate(vector({ metric: 'jury_score', extra }), context)).toEqual({
      jury_score: 2.5,
    });
    const broken = { ...extra, annotations: { medi_qa: { j1: { a: { score: '4.5' } } } } };
    expect(
      Object.keys(await llmJuryFamily.evaluate(vector({ metric: 'jury_score', extra: broken }), context)),
    ).toEqual([RAISES_KEY]);
    const missing = { ...extra, annotations: { other: {} } };
    expect(
      Object.keys(await llmJuryFamily.evaluate(vector({ metric: 'jury_score', extra: missing }), context)),
    ).toEqual([RAISES_KEY]);
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'benchmark metric families reproduce the HELM vectors',
  () => {
    const conformanceDirectory = join(fidelityDirectory ?? '', 'conformance');

    for (const family of benchmarkMetricFamilies) {
      it(`${family.name}.jsonl`, async () => {
        const result = await runFamilyFile(family, join(conformanceDirectory, `${family.name}.jsonl`));
        expect(result.failures).toEqual([]);
        expect(result.failed).toBe(0);
        expect(result.passed).toBeGreaterThan(0);
      });
    }

    it("mimiciv_billing_code.jsonl: extractIcdCodes finds the codes HELM's regex found", () => {
      const cases = readCases(join(conformanceDirectory, 'mimiciv_billing_code.jsonl'));
      expect(cases.length).toBeGreaterThan(0);
      for (const { line, vector } of cases) {
        expect(extractIcdCodes((vector.prediction ?? '').trim()), `line ${line}`).toEqual(
          vector.extra.extracted_prediction_codes,
        );
        const referenceCodes = [
          ...new Set(vector.references.flatMap((text) => extractIcdCodes(text))),
        ].sort();
        expect(referenceCodes, `line ${line}`).toEqual(vector.extra.extracted_reference_codes);
      }
    });
  },
);
