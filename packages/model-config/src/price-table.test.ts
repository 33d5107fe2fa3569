import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_DEPLOYMENTS } from './builtin-deployments.ts';
import {
  BUNDLED_PRICE_TABLE_FILE,
  defaultPriceTable,
  loadPriceTable,
  parsePriceTable,
} from './price-table.ts';

const pricesDir = new URL('../prices/', import.meta.url);

describe('the bundled price table', () => {
  it('is the newest dated file, named after its effectiveDate', () => {
    const files = readdirSync(pricesDir).filter((name) => /^prices-\d{4}-\d{2}-\d{2}\.json$/.test(name));
    expect(files.sort().at(-1)).toBe(BUNDLED_PRICE_TABLE_FILE);
    expect(BUNDLED_PRICE_TABLE_FILE).toBe(`prices-${defaultPriceTable().effectiveDate}.json`);
    expect(defaultPriceTable().currency).toBe('USD');
  });

  it('gives every entry a source, and a note to every unverified one', () => {
    for (const entry of defaultPriceTable().prices) {
      expect(entry.source.length, `${entry.provider}:${entry.model}`).toBeGreaterThan(10);
      if (!entry.verified) expect(entry.note, `${entry.provider}:${entry.model}`).toBeTruthy();
    }
  });

  it('prices every built-in deployment except the self-hosted Llama judge', () => {
    const unpriced = Object.entries(BUILTIN_DEPLOYMENTS)
      .filter(
        ([, d]) => !defaultPriceTable().prices.some((e) => e.provider === d.provider && e.model === d.model),
      )
      .map(([id]) => id);
    expect(unpriced).toEqual(['llama-3.3-70b-instruct']);
  });

  it('loads a table file and names it when it is invalid', () => {
    const dir = mkdtempSync(join(tmpdir(), 'medhelm-prices-'));
    const good = join(dir, 'prices-2030-01-01.json');
    writeFileSync(good, JSON.stringify({ ...defaultPriceTable(), effectiveDate: '2030-01-01' }));
    expect(loadPriceTable(good).effectiveDate).toBe('2030-01-01');
    const duplicate = {
      ...defaultPriceTable(),
      prices: [...defaultPriceTable().prices, defaultPriceTable().prices[0]],
    };
    expect(() => parsePriceTable(duplicate, 'dup.json')).toThrow(
      /dup\.json is invalid: prices\.\d+: openai:gpt-4o-2024-05-13 is listed twice/,
    );
    expect(() => parsePriceTable({ ...defaultPriceTable(), currency: 'EUR' }, 'eur.json')).toThrow(
      ConfigError,
    );
    expect(() => loadPriceTable(join(dir, 'missing.json'))).toThrow(/Cannot read price table .*ENOENT/);
  });
});
