import { pythonStrip } from '@medhelm/python-text';

/**
 * The section markers of an MTSamples report (raulista1997/benchmarkdata), in the order HELM's
 * MTSamples scenarios prefer them for the reference: `PLAN:`, else `SUMMARY:`, else `FINDINGS:`.
 */
export const MTSAMPLES_SECTION_MARKERS = ['PLAN:', 'SUMMARY:', 'FINDINGS:'] as const;
export type MtsamplesSectionMarker = (typeof MTSAMPLES_SECTION_MARKERS)[number];

/** What HELM's MTSamples scenarios make of one report: the prompt's text and the one reference. */
export interface MtsamplesReport {
  input: string;
  reference: string;
}

/** Options of {@link parseMtsamplesReport}. */
export interface ParseMtsamplesReportOptions {
  /**
   * The markers the input is cut before, in this order, each cut followed by a strip: all of
   * {@link MTSAMPLES_SECTION_MARKERS} for MTSamplesProceduresScenario, only `PLAN:` for
   * MTSamplesReplicateScenario (its `remove_plan_section`).
   */
  cutMarkers: readonly MtsamplesSectionMarker[];
}

/**
 * HELM's MTSamples scenarios on one report, `text` being the file as read in Python text mode
 * (line ends already `\n`). Returns undefined where HELM makes no instance:
 *
 * - `extract_sections` raises IndexError (HELM prints it and skips the file): a marker is detected
 *   in `text.upper()` but `text.split(marker)` is case-sensitive, so a file with `Plan:` and no
 *   `PLAN:` fails. All three markers are checked, whichever gives the reference.
 * - no section gives a non-empty reference (`plan or summary or findings` is falsy).
 *
 * The reference is the rest of the line after the first `PLAN:` (else `SUMMARY:`, else
 * `FINDINGS:`), cut at the next occurrence of the same marker (`split(marker)[1]`), stripped. The
 * input is the stripped text cut before each of `cutMarkers` in turn, each cut followed by a strip.
 */
export function parseMtsamplesReport(
  text: string,
  options: ParseMtsamplesReportOptions,
): MtsamplesReport | undefined {
  const content = pythonStrip(text);
  const sections = extractSections(content);
  if (sections === undefined) return undefined;
  // Python's `or` skips empty strings as well as None.
  const reference = sections.find((section) => section !== undefined && section !== '');
  if (reference === undefined) return undefined;
  let input = content;
  for (const marker of options.cutMarkers) {
    const index = input.indexOf(marker);
    if (index !== -1) input = pythonStrip(input.slice(0, index));
  }
  return { input, reference };
}

/**
 * HELM's `extract_sections`: for each marker found case-insensitively, `text.split(marker)[1]`
 * up to the first newline, stripped; undefined for a marker not found. Returns undefined where
 * HELM raises IndexError (found case-insensitively, absent case-sensitively).
 */
function extractSections(text: string): (string | undefined)[] | undefined {
  const upper = text.toUpperCase();
  const sections: (string | undefined)[] = [];
  for (const marker of MTSAMPLES_SECTION_MARKERS) {
    if (!upper.includes(marker)) {
      sections.push(undefined);
      continue;
    }
    const start = text.indexOf(marker);
    if (start === -1) return undefined;
    const next = text.indexOf(marker, start + marker.length);
    const piece = text.slice(start + marker.length, next === -1 ? undefined : next);
    const newline = piece.indexOf('\n');
    sections.push(pythonStrip(newline === -1 ? piece : piece.slice(0, newline)));
  }
  return sections;
}
