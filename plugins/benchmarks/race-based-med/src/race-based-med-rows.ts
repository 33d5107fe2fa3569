import type { DocxParagraph } from '@medhelm/datasets';
import { pythonStrip } from '@medhelm/python-text';

/** One "Run N: question" block of the document, as HELM writes it to `race_based.csv`. */
export interface RaceBasedMedRow {
  question: string;
  response: string;
  /** Whether any direct run of a response paragraph is coloured pure red (RGB FF0000). */
  isTrue: boolean;
  /** 0-based index of the block's "Run" paragraph among the body paragraphs (for messages). */
  paragraphIndex: number;
}

const isRunParagraph = (text: string) => text.startsWith('Run ') && text.includes(':');

/**
 * HELM's `extract_red_text_runs` over python-docx body paragraphs. A paragraph whose stripped text
 * starts with `"Run "` and contains `":"` ends the block before it; it opens a new block only when
 * it contains `": "` (so `"Run 5:\u00a0 ..."`, with a no-break space after the colon, is dropped
 * together with the paragraphs that follow it, and `"Run\u00a0 5: ..."` is no Run paragraph at
 * all and stays part of the previous response). The question is the text after the first `": "`,
 * stripped; the response is every following paragraph up to the next Run paragraph, each stripped,
 * joined with `"\n"` (empty paragraphs give blank lines), then stripped; the block is True when a
 * direct run of a response paragraph has colour FF0000. Stripping is Python's `str.strip()`.
 */
export function extractRaceBasedMedRows(paragraphs: readonly DocxParagraph[]): RaceBasedMedRow[] {
  const rows: RaceBasedMedRow[] = [];
  const texts = paragraphs.map((paragraph) => pythonStrip(paragraph.text));
  texts.forEach((text, index) => {
    if (!isRunParagraph(text)) return;
    const separator = text.indexOf(': ');
    if (separator === -1) return;
    const question = pythonStrip(text.slice(separator + 2));
    const response: string[] = [];
    let isTrue = false;
    for (let next = index + 1; next < paragraphs.length; next++) {
      const nextText = texts[next] as string;
      if (isRunParagraph(nextText)) break;
      response.push(nextText);
      if (paragraphs[next]?.runs.some((run) => run.color === 'FF0000')) isTrue = true;
    }
    rows.push({ question, response: pythonStrip(response.join('\n')), isTrue, paragraphIndex: index });
  });
  return rows;
}
