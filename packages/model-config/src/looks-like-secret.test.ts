import { describe, expect, it } from 'vitest';
import { BUILTIN_DEPLOYMENTS } from './builtin-deployments.ts';
import { looksLikeSecret, redactSecrets } from './looks-like-secret.ts';

// Fake credentials with the shapes of real ones (never real keys).
const FAKE_SECRETS = [
  'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
  'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789',
  'sk-1234567890abcdefghijklmnopqrstuv',
  'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW',
  '0123456789abcdef0123456789abcdef',
  'ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',
  'hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ012345',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc',
  'Bearer Zx8vQ2mN7pL4kR9sT1wY6uE3oI5aD0fGhJ',
  'aZ3_kL9-pQ2_mN8-xR4_vT7-bY1_cW5-dU6_eS0_fG2',
  '-----BEGIN PRIVATE KEY-----',
  'https://example.com/v1?key=AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW',
];

const NOT_SECRETS = [
  'OPENAI_API_KEY',
  'AZURE_OPENAI_API_KEY',
  'GEMINI_API_KEY',
  'gpt-4o-2024-08-06',
  'claude-3-7-sonnet-20250219',
  'meta-llama/Llama-3.3-70B-Instruct',
  'meta-llama/Llama-3.3-70B-Instruct-Turbo',
  'Meta-Llama-3.1-405B-Instruct-Turbo',
  'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B',
  'mistralai/Mixtral-8x22B-Instruct-v0.1',
  'nvidia/Llama-3.1-Nemotron-70B-Instruct-HF',
  'microsoft/BiomedNLP-PubMedBERT-base-uncased-abstract-fulltext',
  'aaditya/Llama3-OpenBioLLM-70B',
  'Qwen/Qwen2.5-72B-Instruct-AWQ',
  'https://my-resource.openai.azure.com/openai/v1',
  'http://127.0.0.1:8000/v1',
  'https://api.openai.com/v1',
  '123e4567-e89b-12d3-a456-426614174000',
  'The MedHELM jury judge, served by our team on the shared cluster.',
];

describe('looksLikeSecret', () => {
  it.each(FAKE_SECRETS)('recognises %s', (value) => {
    expect(looksLikeSecret(value)).toBe(true);
  });

  it.each(NOT_SECRETS)('leaves %s alone', (value) => {
    expect(looksLikeSecret(value)).toBe(false);
  });

  it('never flags a built-in deployment', () => {
    for (const [id, deployment] of Object.entries(BUILTIN_DEPLOYMENTS)) {
      expect(looksLikeSecret(id)).toBe(false);
      expect(looksLikeSecret(JSON.stringify(deployment))).toBe(false);
    }
  });
});

describe('redactSecrets', () => {
  it('replaces only the secret-looking tokens', () => {
    expect(redactSecrets('key sk-1234567890abcdefghijklmnopqrstuv for gpt-4o')).toBe(
      'key [redacted] for gpt-4o',
    );
  });
});
