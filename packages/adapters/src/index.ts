export * from './adaptation-methods.ts';
export {
  createHelmPromptTemplate,
  /** @public */ type HelmPromptTemplateOptions,
} from './create-helm-prompt-template.ts';
export { type GenerationAdapterSpecOptions, generationAdapterSpec } from './generation-adapter-spec.ts';
export {
  type MultipleChoiceAdapterSpecOptions,
  multipleChoiceAdapterSpec,
} from './multiple-choice-adapter-spec.ts';
