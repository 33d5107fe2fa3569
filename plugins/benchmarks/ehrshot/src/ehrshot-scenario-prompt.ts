import { EHRSHOT_TASK_TEXTS, type EhrshotTask } from './ehrshot-tasks.ts';

/** HELM's ACTION_TMPL (the no-chain-of-thought action every MedHELM task uses). */
const ACTION =
  "Review the patient's EHR history. Based on all available medical evidence in the provided EHR, please answer the question: ";

/**
 * The instructions of a task as HELM's `base_prompt` builds them with its CONFIG: the persona, for
 * `new_*` tasks the short clinical definition and the medical-code definition, then the action with
 * the task's question; each part followed by `"\n"`, the parts joined by `"\n"` (so it ends in `"\n"`).
 */
export function ehrshotInstructions(task: EhrshotTask): string {
  const text = EHRSHOT_TASK_TEXTS[task];
  const fullName = text.fullName.toLowerCase();
  const parts = [
    `You are an expert ${text.persona.toLowerCase()} at Stanford Healthcare, an academic medical center affiliated with Stanford University. You specialize in predicting ${fullName}.`,
  ];
  if (text.clinicalDefinition !== undefined) parts.push(`Clinical Definition: ${text.clinicalDefinition}`);
  if (text.codes !== undefined) {
    parts.push(
      `Medical Code Definition: In an electronic health record (EHR), ${fullName} is denoted by the occurrence of any of the following medical codes: ${text.codes.join(', ')}`,
    );
  }
  parts.push(`Instruction: ${ACTION}${text.question}`);
  return parts.map((part) => `${part}\n`).join('\n');
}

/**
 * The instance text HELM's `lumia_prompt` makes from a task's instructions and a timeline's codes
 * (`codes_only`: one `"- <code>"` line per event, in timeline order):
 * `"\n# Instructions\n" + instructions + "\n\n# Your Task\nPatient EHR:\n" + lines + "\n\n"`.
 */
export function ehrshotScenarioPrompt(instructions: string, codes: Iterable<string>): string {
  let lines = '';
  let first = true;
  for (const code of codes) {
    lines += first ? `- ${code}` : `\n- ${code}`;
    first = false;
  }
  return `\n# Instructions\n${instructions}\n\n# Your Task\nPatient EHR:\n${lines}\n\n`;
}
