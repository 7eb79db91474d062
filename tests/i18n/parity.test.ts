import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources, useT } from '../../src/i18n';

const localeRoot = path.resolve(__dirname, '../../src/i18n/locales');
const areas = fs
  .readdirSync(localeRoot)
  .filter((d) => fs.statSync(path.join(localeRoot, d)).isDirectory());
const placeholders = (s: string): string[] =>
  [...s.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('i18n parity', () => {
  it('has the expected areas', () => {
    expect(areas).toEqual(expect.arrayContaining(['site', 'lesson', 'diagram', 'sim', 'present']));
  });
  for (const area of areas) {
    describe(area, () => {
      const load = (lang: string): Record<string, unknown> =>
        JSON.parse(fs.readFileSync(path.join(localeRoot, area, `${lang}.json`), 'utf8')) as Record<
          string,
          unknown
        >;
      const en = load('en');
      const de = load('de');
      it('has the same keys in en and de', () => {
        expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
      });
      it('uses flat string values, none empty', () => {
        for (const [lang, data] of [
          ['en', en],
          ['de', de],
        ] as const) {
          for (const [key, value] of Object.entries(data)) {
            expect(typeof value, `${lang} ${key}`).toBe('string');
            expect(String(value).trim(), `${lang} ${key}`).not.toBe('');
          }
        }
      });
      it('uses the same {{placeholders}} in both languages', () => {
        for (const [key, value] of Object.entries(en)) {
          expect(placeholders(String(de[key] ?? '')), key).toEqual(placeholders(String(value)));
        }
      });
    });
  }
  it('no key is defined by two areas (later areas would silently win)', () => {
    const seen = new Map<string, string>();
    for (const area of areas) {
      const en = JSON.parse(
        fs.readFileSync(path.join(localeRoot, area, 'en.json'), 'utf8'),
      ) as Record<string, string>;
      for (const key of Object.keys(en)) {
        expect(seen.get(key), `${key} in ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });
  it('translates with interpolation and falls back to English for nothing', () => {
    expect(useT('de')('outline.lesson', { n: 3 })).toBe('Lektion 3');
    expect(useT('en')('outline.lesson', { n: 3 })).toBe('Lesson 3');
    expect(Object.keys(resources.de).length).toBe(Object.keys(resources.en).length);
  });
});
