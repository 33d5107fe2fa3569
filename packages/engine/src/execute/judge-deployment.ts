import type { ModelDeployment } from '../plan/model-deployment.ts';

/** One configured judge: its name in HELM's `annotator_models` and the deployment that answers. */
export interface JudgeDeployment {
  name: string;
  deployment: ModelDeployment;
}
