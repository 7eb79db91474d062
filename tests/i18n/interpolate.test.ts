import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/i18n/index';
import { interpolate, translator } from '../../src/i18n/interpolate';
import { makeTr } from '../../src/islands/flow/tr';
import { trFor } from '../../src/islands/flow/trClient';

const AREAS = readdirSync('src/i18n/locales');

describe('the one interpolator', () => {
  it('fills placeholders and leaves a missing one empty, or kept on request', () => {
    expect(interpolate('{{a}} and {{b}}', { a: 1, b: 'x' })).toBe('1 and x');
    expect(interpolate('{{a}} and {{b}}', { a: 1 })).toBe('1 and ');
    expect(interpolate('{{a}} and {{b}}', { a: 1 }, true)).toBe('1 and {{b}}');
    // A value is text, never a template of its own.
    expect(interpolate('{{a}}', { a: '{{b}}' }, false)).toBe('{{b}}');
  });

  it('falls back to English, then to the key', () => {
    const t = translator({ en: { a: 'A {{n}}', b: 'B' }, de: { a: 'Ä {{n}}' } });
    expect(t('de', 'a', { n: 2 })).toBe('Ä 2');
    expect(t('de', 'b')).toBe('B');
    expect(t('de', 'zz')).toBe('zz');
  });

  it('every locale message uses only {{name}} placeholders (no plurals, nesting or formats)', () => {
    for (const area of AREAS) {
      for (const lang of ['en', 'de']) {
        const table = JSON.parse(
          readFileSync(`src/i18n/locales/${area}/${lang}.json`, 'utf8'),
        ) as Record<string, string>;
        for (const [key, text] of Object.entries(table)) {
          expect(key, `${area}/${lang}`).not.toMatch(/_(zero|one|two|few|many|other)$/);
          expect(text, `${area}/${lang} ${key}`).not.toMatch(/\$t\(|\{\{[^}]*[,-][^}]*\}\}/);
        }
      }
    }
  });

  it("the islands' Tr says what the pages' i18next says, for every key of both languages", () => {
    for (const lang of ['en', 'de'] as const) {
      const server = makeTr(lang);
      const client = trFor(lang, { [lang]: resources[lang] });
      for (const [key, text] of Object.entries(resources[lang])) {
        const vars: Record<string, string> = {};
        for (const m of text.matchAll(/\{\{(\w+)\}\}/g)) vars[m[1] ?? ''] = `<${m[1] ?? ''}>`;
        expect(client(key, vars), `${lang} ${key}`).toBe(server(key, vars));
      }
    }
  });
});
