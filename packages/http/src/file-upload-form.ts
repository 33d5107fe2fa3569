import { Blob } from 'node:buffer';
import { FormData } from 'undici';

/** One file of a multipart upload: its name, media type, and its text in parts. */
export interface UploadedFile {
  name: string;
  type: string;
  /** The file's text, in order; kept as parts so a file of hundreds of megabytes is never one string. */
  parts: readonly string[];
}

/**
 * The `multipart/form-data` body of a file upload (OpenAI's `POST /files`: `purpose` and `file`),
 * as the undici FormData `requestJson` sends with its boundary.
 */
export function fileUploadForm(fields: Readonly<Record<string, string>>, file: UploadedFile): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([...file.parts], { type: file.type }), file.name);
  return form;
}
