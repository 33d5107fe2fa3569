import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '@medhelm/core';

/** GGUF files start with these four bytes. */
const GGUF_MAGIC = 'GGUF';
/** How much of the file's start identifies it for the request cache (its header and metadata). */
const IDENTITY_BYTES = 4 * 1024 * 1024;

/** A GGUF model file that exists, with what identifies its content for the request cache. */
export interface GgufFile {
  /** Absolute path. */
  path: string;
  sizeBytes: number;
  /** SHA-256 of the file's first 4 MiB (header, metadata, first tensors), hex. */
  headSha256: string;
}

const USAGE_HINT =
  'Give the path of a .gguf file as the model id, e.g. --models llama-cpp:./models/qwen2.5-7b-instruct-q4_k_m.gguf, or as `model` of a llama-cpp deployment in a models file.';

/**
 * Checks, before anything is loaded, that `modelPath` names a readable GGUF file, and identifies
 * its content: a different file at the same path must never answer from another file's cache.
 */
export function checkGgufFile(modelPath: string): GgufFile {
  if (modelPath.trim() === '') {
    throw new ConfigError('The llama-cpp provider needs a GGUF model file, and none was given.', {
      hint: USAGE_HINT,
    });
  }
  const path = resolve(modelPath);
  let sizeBytes: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile())
      throw new ConfigError(`llama-cpp model ${path} is not a file.`, { hint: USAGE_HINT });
    sizeBytes = stats.size;
  } catch (error) {
    if (ConfigError.isInstance(error)) throw error;
    throw new ConfigError(`llama-cpp model file ${path} does not exist or cannot be read.`, {
      hint: USAGE_HINT,
      cause: error,
    });
  }
  const head = readHead(path, Math.min(sizeBytes, IDENTITY_BYTES));
  if (head.subarray(0, 4).toString('latin1') !== GGUF_MAGIC) {
    throw new ConfigError(
      `llama-cpp model file ${path} is not a GGUF file (it does not start with "GGUF").`,
      {
        hint: 'node-llama-cpp loads GGUF models only; convert the model with llama.cpp (convert_hf_to_gguf.py) or download a GGUF build of it.',
      },
    );
  }
  return { path, sizeBytes, headSha256: createHash('sha256').update(head).digest('hex') };
}

function readHead(path: string, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const descriptor = openSync(path, 'r');
  try {
    let offset = 0;
    while (offset < length) {
      const read = readSync(descriptor, buffer, offset, length - offset, offset);
      if (read === 0) break;
      offset += read;
    }
    return buffer.subarray(0, offset);
  } finally {
    closeSync(descriptor);
  }
}
