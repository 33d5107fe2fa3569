import { z } from 'zod';

/**
 * The fields an object of `schema` accepts at `path` (e.g. `['deployments', 'gpt-4o']` → the
 * deployment's fields), read from the zod schema itself, so an error about an unknown field always
 * lists what the schema takes today (a hand-kept list had already lost `local` and `trusted`).
 * Undefined when `path` does not lead to an object.
 */
export function acceptedFields(schema: z.ZodType, path: readonly (string | number)[]): string[] | undefined {
  let current: z.ZodType | undefined = schema;
  for (const part of path) {
    current = childSchema(unwrapped(current), part);
    if (current === undefined) return undefined;
  }
  const object = unwrapped(current);
  return object instanceof z.ZodObject ? Object.keys(object.shape) : undefined;
}

/** The schema without `.optional()`, `.nullable()` and `.default()` around it. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/** The schema of `key` inside `schema`: an object's field, a record's values, an array's items. */
function childSchema(schema: z.ZodType, key: string | number): z.ZodType | undefined {
  if (schema instanceof z.ZodObject) return (schema.shape as Record<string, z.ZodType>)[String(key)];
  if (schema instanceof z.ZodRecord) return schema.valueType as z.ZodType;
  if (schema instanceof z.ZodArray) return schema.element as z.ZodType;
  return undefined;
}
