import type { ModelDeployment } from '../plan/model-deployment.ts';

/** One configured judge: its name in HELM's `annotator_models` and the deployment that answers. */
export interface JudgeDeployment {
  name: string;
  deployment: ModelDeployment;
  /** Asked only by annotators that name it (`JudgeV1.namedOnly`): the run's grader. */
  namedOnly?: boolean;
}
