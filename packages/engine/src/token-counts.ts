/** Prompt and completion token counts. */
export interface TokenCounts {
  promptTokens: number;
  completionTokens: number;
}
