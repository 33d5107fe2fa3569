import taskTable from './ehrshot-tasks.json' with { type: 'json' };

// The task texts are HELM's data, kept verbatim in ehrshot-tasks.json (see its $comment and the
// README's attribution); this module only types them.

/** An EHRSHOT task (HELM's `subject`). */
export type EhrshotTask = keyof typeof taskTable.tasks;

/** What HELM's `base_prompt` builds a task's instructions from. */
export interface EhrshotTaskText {
  /** TASK_FULL_NAMES: the prompt uses it lower-cased. */
  fullName: string;
  /** TASK_QUESTIONS. */
  question: string;
  /** PERSONAS[task][0]: the prompt uses it lower-cased. */
  persona: string;
  /** CLINICAL_SHORT_DEFS: only the `new_*` tasks include a clinical definition. */
  clinicalDefinition?: string;
  /** The codes of CODE_DEFS (every parent's descendants): only the `new_*` tasks include them. */
  codes?: readonly string[];
}

/** Each task's texts. */
export const EHRSHOT_TASK_TEXTS: Readonly<Record<EhrshotTask, EhrshotTaskText>> = taskTable.tasks;

/** The 14 EHRSHOT tasks HELM runs (its `subject=` values), in HELM's order (the JSON's). */
export const EHRSHOT_TASKS = Object.keys(EHRSHOT_TASK_TEXTS) as [EhrshotTask, ...EhrshotTask[]];
