import { sentTokenize } from './punkt-sentence-tokenizer.ts';
import { treebankWordTokenize } from './treebank-word-tokenizer.ts';

/**
 * nltk 3.8's `word_tokenize(text)` (language `english`, `preserve_line=False`), the tokenizer of
 * HELM's `bleu_1`/`bleu_4`: Punkt English sentence splitting (`sentTokenize`), then the improved
 * Treebank word tokenizer (`treebankWordTokenize`) on each sentence. Splitting into sentences
 * first matters: only a sentence-final period is split off a word, so `"He left. She"` yields
 * `left`, `.` where the Treebank tokenizer alone would keep `left.`.
 */
export function wordTokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const sentence of sentTokenize(text)) {
    for (const token of treebankWordTokenize(sentence)) tokens.push(token);
  }
  return tokens;
}
