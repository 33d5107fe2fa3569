import { createSeededRandom } from '@medhelm/core';

/**
 * Deterministic clinical-note-like text for benchmarks: sentences of varied length with numbers,
 * units, abbreviations ("Dr.", "b.i.d."), contractions, quotes and parentheses, so that the
 * tokenizers take their real paths. Seeded, so every run scores the same pairs.
 */
const WORDS = (
  'patient reports chest pain shortness breath denies fever chills nausea vomiting history hypertension diabetes ' +
  'mellitus hyperlipidemia coronary artery disease presents emergency department evaluation physical examination ' +
  'reveals blood pressure heart rate respiratory oxygen saturation room air lungs clear auscultation bilaterally ' +
  'abdomen soft nontender nondistended extremities edema assessment plan continue metoprolol lisinopril atorvastatin ' +
  'aspirin follow primary care physician weeks laboratory results hemoglobin creatinine potassium sodium glucose ' +
  'troponin negative electrocardiogram normal sinus rhythm imaging chest radiograph unremarkable discussed risks ' +
  'benefits alternatives agreed proceed discharged home stable condition instructions return worsening symptoms ' +
  'medication reconciliation allergies penicillin rash surgical appendectomy cholecystectomy social tobacco alcohol ' +
  'occasionally family mother father brother sister cancer stroke review systems otherwise negative knee pain ' +
  'swelling injury running magnetic resonance meniscus tear orthopedic referral physical therapy ibuprofen ice'
).split(' ');
interface Draw {
  word: () => string;
  number: () => number;
}

const TEMPLATES: ReadonlyArray<(draw: Draw) => string> = [
  ({ word, number }) =>
    `The patient is a ${(number() % 60) + 20}-year-old with ${word()} ${word()} and ${word()}.`,
  ({ number }) =>
    `Blood pressure was ${(number() % 60) + 100}/${(number() % 30) + 60} mmHg; heart rate ${(number() % 50) + 55} bpm.`,
  ({ word }) =>
    `Dr. ${capitalize(word())} reviewed the ${word()} ${word()} (${word()}) and didn't find ${word()}.`,
  ({ word, number }) =>
    `Start ${word()} ${(number() % 90) + 10} mg b.i.d. for ${(number() % 12) + 2} weeks, then ${word()} ${word()}.`,
  ({ word }) => `She says "${word()} ${word()} ${word()}," but ${word()} ${word()} ${word()} ${word()}.`,
  ({ word }) =>
    `${capitalize(word())} ${word()} ${word()} ${word()} ${word()} -- ${word()} ${word()} ${word()}.`,
];

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A note of about `length` characters. */
export function clinicalNote(seed: number, length = 2000): string {
  const next = createSeededRandom(seed);
  const word = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const number = () => Math.floor(next() * 1000);
  let text = '';
  while (text.length < length)
    text += `${TEMPLATES[Math.floor(next() * TEMPLATES.length)]!({ word, number })} `;
  return text.trim();
}

/** A model-like rewrite of a note: about a third of its words replaced, dropped or moved. */
export function paraphrase(note: string, seed: number): string {
  const next = createSeededRandom(seed);
  const words = note.split(' ');
  const out: string[] = [];
  for (const word of words) {
    const roll = next();
    if (roll < 0.1) continue;
    out.push(roll < 0.3 ? WORDS[Math.floor(next() * WORDS.length)]! : word);
  }
  return out.join(' ');
}
