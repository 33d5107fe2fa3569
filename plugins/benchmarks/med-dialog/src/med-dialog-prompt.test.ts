import { renderPrompt } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { createMedDialogBenchmark } from './med-dialog-benchmark.ts';
import { medDialogInstance } from './med-dialog-instance.ts';

// No HELM vectors exist for MedDialog (its data may not be shared). The expected prompts below are
// derived by hand from get_med_dialog_spec and HELM's generation adapter: instructions + "\n",
// the instance prefix "\n", input prefix "Patient-Doctor: ", the dialogue, input suffix "\n", and
// the output prefix "Summary: " right-stripped.
describe('the med_dialog prompt', () => {
  it('renders a HealthCareMagic fixture dialogue as HELM does', () => {
    const benchmark = createMedDialogBenchmark();
    const instance = {
      ...medDialogInstance({
        src: 'Patient: I twisted my right ankle yesterday while jogging. It is swollen on the outer side and I can walk but it hurts. Do I need an x-ray? Doctor: Hello. Most ankle twists are ligament sprains.',
        tgt: 'Do I need an x-ray for a swollen twisted ankle?',
      }),
      id: 'id2',
    };
    const { request, numTrainInstances, promptTruncated } = renderPrompt(benchmark.prompt, instance);
    expect(request.prompt).toBe(
      'Generate a one sentence summary of this patient-doctor conversation.\n' +
        '\n' +
        'Patient-Doctor: Patient: I twisted my right ankle yesterday while jogging. It is swollen on the outer side and I can walk but it hurts. Do I need an x-ray? Doctor: Hello. Most ankle twists are ligament sprains.\n' +
        'Summary:',
    );
    expect(request).toMatchObject({ numCompletions: 1, maxTokens: 80, temperature: 0, stopSequences: [] });
    expect(request.messages).toBeUndefined();
    expect({ numTrainInstances, promptTruncated }).toEqual({ numTrainInstances: 0, promptTruncated: false });
  });

  it('is the same for iCliniq, and keeps the dialogue byte for byte (no strip)', () => {
    const benchmark = createMedDialogBenchmark({ subset: 'icliniq' });
    const instance = {
      ...medDialogInstance({ src: ' Patient: Hello doctor,  a rash.\n', tgt: 'Rash?' }),
      id: 'id0',
    };
    expect(renderPrompt(benchmark.prompt, instance).request.prompt).toBe(
      'Generate a one sentence summary of this patient-doctor conversation.\n\nPatient-Doctor:  Patient: Hello doctor,  a rash.\n\nSummary:',
    );
  });
});
