import type { Instance } from '@medhelm/core';
import { testInstance } from '@medhelm/datasets';
import { type ParseMtsamplesReportOptions, parseMtsamplesReport } from './parse-mtsamples-report.ts';

/**
 * The one-instance-per-report form of {@link parseMtsamplesReport}: the report's input, its
 * reference as the one correct reference, split `test`. No id: the engine numbers instances
 * `id0`, `id1`, ... in listing order, as HELM does.
 */
export function mtsamplesReportInstance(
  text: string,
  options: ParseMtsamplesReportOptions,
): Instance | undefined {
  const report = parseMtsamplesReport(text, options);
  if (report === undefined) return undefined;
  return testInstance(report.input, report.reference);
}
