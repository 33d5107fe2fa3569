import type { GenerationRequest } from '@medhelm/core';

/** The most stop sequences `generationConfig.stopSequences` accepts. */
export const GEMINI_MAX_STOP_SEQUENCES = 5;

/** One turn of `contents`: Gemini calls the assistant `model`. */
export interface GeminiContent {
  role: 'user' | 'model';
  parts: { text: string }[];
}

/** One entry of `safetySettings`. */
export interface GeminiSafetySetting {
  category: string;
  threshold: string;
}

/** The `generationConfig` this provider sends. */
export interface GeminiGenerationConfig {
  temperature: number;
  maxOutputTokens: number;
  candidateCount: number;
  stopSequences?: string[];
  topP?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
}

/** The JSON body of `POST /v1beta/models/<model>:generateContent`, in the API's field names. */
export interface GeminiGenerateContentBody {
  contents: GeminiContent[];
  systemInstruction?: { parts: { text: string }[] };
  safetySettings?: GeminiSafetySetting[];
  generationConfig: GeminiGenerationConfig;
}

/**
 * The text harm categories of the Gemini API, each set to `BLOCK_NONE`: what HELM's Vertex AI
 * client sends by default (its `block_none` safety preset), so medical questions about drugs,
 * injuries or sexual health are answered rather than filtered.
 */
export const BLOCK_NONE_SAFETY_SETTINGS: readonly GeminiSafetySetting[] = Object.freeze(
  [
    'HARM_CATEGORY_HARASSMENT',
    'HARM_CATEGORY_HATE_SPEECH',
    'HARM_CATEGORY_SEXUALLY_EXPLICIT',
    'HARM_CATEGORY_DANGEROUS_CONTENT',
  ].map((category) => Object.freeze({ category, threshold: 'BLOCK_NONE' })),
);

/**
 * Splits a request's stop sequences into those sent to the API (the first five distinct non-empty
 * ones) and the rest, which the provider applies to the returned text itself.
 */
export function splitStopSequences(stopSequences: readonly string[]): { sent: string[]; applied: string[] } {
  const distinct = [...new Set(stopSequences.filter((sequence) => sequence !== ''))];
  return {
    sent: distinct.slice(0, GEMINI_MAX_STOP_SEQUENCES),
    applied: distinct.slice(GEMINI_MAX_STOP_SEQUENCES),
  };
}

/**
 * Builds the generateContent body for a request. A text prompt goes as one user turn, as HELM's
 * Gemini clients send it; chat messages go in order with `assistant` renamed `model`, and system
 * messages move to `systemInstruction` (one part each). `generationConfig` always has temperature,
 * maxOutputTokens and candidateCount; `stopSequences` only when there are any (at most five, see
 * splitStopSequences), `topP` only when it is not 1 and the penalties only when not 0 (several
 * Gemini models reject penalties outright). `safetySettings` is sent when given.
 */
export function toGeminiGenerateContentBody(
  generation: GenerationRequest,
  safetySettings: readonly GeminiSafetySetting[] | undefined,
): GeminiGenerateContentBody {
  const system: string[] = [];
  const contents: GeminiContent[] = [];
  if (generation.messages === undefined) {
    contents.push({ role: 'user', parts: [{ text: generation.prompt }] });
  } else {
    for (const { role, content } of generation.messages) {
      if (role === 'system') system.push(content);
      else contents.push({ role: role === 'assistant' ? 'model' : 'user', parts: [{ text: content }] });
    }
  }
  const generationConfig: GeminiGenerationConfig = {
    temperature: generation.temperature,
    maxOutputTokens: generation.maxTokens,
    candidateCount: generation.numCompletions,
  };
  const { sent } = splitStopSequences(generation.stopSequences);
  if (sent.length > 0) generationConfig.stopSequences = sent;
  if (generation.topP !== 1) generationConfig.topP = generation.topP;
  if (generation.presencePenalty !== 0) generationConfig.presencePenalty = generation.presencePenalty;
  if (generation.frequencyPenalty !== 0) generationConfig.frequencyPenalty = generation.frequencyPenalty;

  // Built in the order the API reference lists the fields, so logged bodies read like its examples.
  const body: Partial<GeminiGenerateContentBody> & { contents: GeminiContent[] } = { contents };
  if (system.length > 0) body.systemInstruction = { parts: system.map((text) => ({ text })) };
  if (safetySettings !== undefined) body.safetySettings = safetySettings.map((setting) => ({ ...setting }));
  return { ...body, generationConfig };
}
