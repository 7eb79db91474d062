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

  it('every locale message uses only {{name}} placeholders and plural pairs (no nesting or formats)', () => {
    for (const area of AREAS) {
      for (const lang of ['en', 'de']) {
        const table = JSON.parse(
          readFileSync(`src/i18n/locales/${area}/${lang}.json`, 'utf8'),
        ) as Record<string, string>;
        for (const [key, text] of Object.entries(table)) {
          // English and German have two plural forms: a plural key comes as _one and _other,
          // and uses {{count}}, which picks the form.
          const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
          if (plural) {
            expect(['one', 'other'], `${area}/${lang} ${key}`).toContain(plural[2]);
            expect(table[`${plural[1]}_one`], `${key}: the _one form`).toBeDefined();
            expect(table[`${plural[1]}_other`], `${key}: the _other form`).toBeDefined();
            expect(table[plural[1] ?? ''], `${key}: no plain key beside the pair`).toBeUndefined();
          }
          expect(text, `${area}/${lang} ${key}`).not.toMatch(/\$t\(|\{\{[^}]*[,-][^}]*\}\}/);
        }
      }
    }
  });

  it('picks the plural form by count as i18next does (1 Service, 2 Services; 0 Pods)', () => {
    const t = translator({
      en: { 'n.svc_one': '{{count}} Service', 'n.svc_other': '{{count}} Services' },
      de: { 'n.svc_one': '{{count}} Service', 'n.svc_other': '{{count}} Services' },
    });
    expect([0, 1, 2].map((count) => t('en', 'n.svc', { count }))).toEqual([
      '0 Services',
      '1 Service',
      '2 Services',
    ]);
    for (const lang of ['en', 'de'] as const) {
      const server = makeTr(lang);
      const client = trFor(lang, { [lang]: resources[lang] });
      for (const key of Object.keys(resources[lang]).filter((k) => k.endsWith('_one'))) {
        const base = key.slice(0, -4);
        const vars: Record<string, string | number> = {};
        for (const m of (resources[lang][`${base}_other`] ?? '').matchAll(/\{\{(\w+)\}\}/g))
          vars[m[1] ?? ''] = `<${m[1] ?? ''}>`;
        for (const count of [0, 1, 2, 7])
          expect(client(base, { ...vars, count }), `${lang} ${base} ${count}`).toBe(
            server(base, { ...vars, count }),
          );
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
