import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import en from './messages/en.json';

const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'bindings' ? [] : sourceFiles(path);
    return /\.(svelte|ts)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

describe('message files', () => {
  it('hold every literal message key the code uses', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\('([a-zA-Z0-9_.]+)'/g)) {
        if (typeof lookup(match[1]) !== 'string') missing.push(`${match[1]} (${file.slice(SRC.length + 1)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('name every game the shell knows', () => {
    for (const id of ['timego', 'surface', 'chess']) {
      expect(typeof lookup(`home.games.${id}.title`)).toBe('string');
    }
  });
});
