import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import card from './benchmark-card.json' with { type: 'json' };

/** HELM's specification of PatientInstruct (`benchmark-card.json`): id, metadata, data source, prompt, scenario. */
export const STARR_PATIENT_INSTRUCTIONS_CARD = readBenchmarkCard(
  card,
  '@medhelm/benchmark-starr-patient-instructions',
);
