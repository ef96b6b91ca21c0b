import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { get } from 'svelte/store';
import { dictionary, locale } from 'svelte-i18n';
import { FALLBACK_LOCALE, LOCALES } from './locales';
import { t } from './index';

const DIR = join(import.meta.dirname, 'messages');
const files = readdirSync(DIR).filter((name) => name.endsWith('.json'));
const catalogs = Object.fromEntries(
  files.map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(DIR, name), 'utf8')) as unknown]),
);

/** Every leaf of a message file as "dotted.key" → value. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, child] of Object.entries(node)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

/** The ICU arguments of a message with their kind ("plural", "argument", …), sorted. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) {
        found.add(`${el.value}:${TYPE[el.type]}`);
      } else if (el.type === TYPE.plural || el.type === TYPE.select) {
        found.add(`${el.value}:${TYPE[el.type]}`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.tag) {
        walk(el.children);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

const english = flatten(catalogs.en);

describe('message files', () => {
  it('include English and one file per offered language, and nothing else', () => {
    const offered = LOCALES.filter((l) => l.available).map((l) => l.code as string);
    expect(Object.keys(catalogs).sort()).toEqual([...offered].sort());
    expect(offered).toContain(FALLBACK_LOCALE);
  });

  for (const [code, catalog] of Object.entries(catalogs)) {
    if (code === 'en') continue;
    const messages = flatten(catalog);

    it(`${code}.json has exactly the keys of en.json`, () => {
      const missing = [...english.keys()].filter((k) => !messages.has(k));
      const extra = [...messages.keys()].filter((k) => !english.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${code}.json keeps every ICU placeholder of en.json`, () => {
      const differing: string[] = [];
      for (const [key, value] of messages) {
        const source = english.get(key);
        if (typeof source !== 'string') continue;
        if (typeof value !== 'string' || value.trim() === '') {
          differing.push(`${key}: not a non-empty string`);
          continue;
        }
        const want = argumentsOf(source).join(', ');
        const got = argumentsOf(value).join(', ');
        if (want !== got) differing.push(`${key}: ${got || '(none)'} instead of ${want || '(none)'}`);
      }
      expect(differing).toEqual([]);
    });
  }

  it('parse as ICU messages in every language', () => {
    const broken: string[] = [];
    for (const [code, catalog] of Object.entries(catalogs)) {
      for (const [key, value] of flatten(catalog)) {
        try {
          parse(String(value));
        } catch (e) {
          broken.push(`${code}:${key}: ${(e as Error).message}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('are all registered with svelte-i18n', () => {
    expect(Object.keys(get(dictionary)).sort()).toEqual(Object.keys(catalogs).sort());
  });

  it('format a plural in each language once it is chosen', () => {
    const texts = new Set<string>();
    for (const code of Object.keys(catalogs)) {
      locale.set(code);
      const text = get(t)('timego.time.captured', { values: { count: 2 } });
      expect(text).toContain('2');
      texts.add(text);
    }
    locale.set(FALLBACK_LOCALE);
    expect(texts.size).toBe(Object.keys(catalogs).length);
  });
});
