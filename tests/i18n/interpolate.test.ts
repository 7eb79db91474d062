import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/i18n/index';
import { interpolate } from '../../src/i18n/interpolate';
import { makeT, makeTs } from '../../src/i18n/translate';
import { makeTr } from '../../src/view/flow/tr';
import { trFor } from '../../src/view/flow/trClient';

const AREAS = readdirSync('src/i18n/locales');

// Placeholder values for a message: a number where the message formats one, else a marker.
const sampleVars = (text: string): Record<string, string | number> => {
  const vars: Record<string, string | number> = {};
  for (const m of text.matchAll(/\{\{([^}]+)\}\}/g)) {
    const [name = '', format] = (m[1] ?? '').split(',');
    vars[name.trim()] = format === undefined ? `<${name.trim()}>` : 1234.5678;
  }
  return vars;
};

describe('the one translator and its client side', () => {
  it('fills placeholders as i18next does: a missing one is kept, a value is never a template', () => {
    const t = makeT('en', { ab: '{{a}} and {{b}}', a: '{{a}}' });
    expect(t('ab', { a: 1, b: 'x' })).toBe('1 and x');
    expect(t('ab', { a: 1 })).toBe('1 and {{b}}');
    expect(interpolate('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
    expect(t('a', { a: '{{b}}' })).toBe('{{b}}');
    expect(interpolate('{{a}}', { a: '{{b}}' })).toBe('{{b}}');
  });

  it('falls back to English, then to the key (dyn: to the given fallback)', () => {
    const t = makeTs({ a: 'A {{n}}', b: 'B' }, { a: 'Ä {{n}}' });
    expect(t.de('a', { n: 2 })).toBe('Ä 2');
    expect(t.de('b')).toBe('B');
    expect(t.de.dyn('zz')).toBe('zz');
    expect(t.de.dyn('zz', {}, 'raw')).toBe('raw');
  });

  it("formats numbers with i18next's Intl formatter: German decimal comma, unit after a no-break space", () => {
    const en = { wait: '{{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}\u00a0s' };
    const t = makeTs(en, en);
    expect(t.en('wait', { s: 7.25 })).toBe('7.3\u00a0s');
    expect(t.de('wait', { s: 7.25 })).toBe('7,3\u00a0s');
    expect(interpolate(en.wait, { s: 7.25 }, 'de')).toBe('7,3\u00a0s');
    const grouped = makeTs({ n: '{{n, number}}' }, { n: '{{n, number}}' });
    expect(grouped.de('n', { n: 12345.5 })).toBe('12.345,5');
    expect(interpolate('{{n, number}}', { n: 12345.5 }, 'de')).toBe('12.345,5');
  });

  it('every locale message uses only {{name}} and {{name, number…}} placeholders and plural pairs (no nesting)', () => {
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
          expect(text, `${area}/${lang} ${key}`).not.toMatch(/\$t\(|\{\{[^}]*-[^}]*\}\}/);
          for (const m of text.matchAll(/\{\{[^},]*,([^}]*)\}\}/g))
            expect(m[1], `${area}/${lang} ${key}: only the number format`).toMatch(
              /^ ?number(\((\w+: ?[\w.]+;? ?)*\))?$/,
            );
        }
      }
    }
  });

  it('picks the plural form by count as i18next does (1 Service, 2 Services; 0 Pods)', () => {
    const table = { 'n.svc_one': '{{count}} Service', 'n.svc_other': '{{count}} Services' };
    const t = makeT('en', table);
    expect([0, 1, 2].map((count) => t('n.svc', { count }))).toEqual([
      '0 Services',
      '1 Service',
      '2 Services',
    ]);
    for (const lang of ['en', 'de'] as const) {
      const server = makeTr(lang);
      const client = trFor(lang, { [lang]: resources[lang] });
      for (const key of Object.keys(resources[lang]).filter((k) => k.endsWith('_one'))) {
        const base = key.slice(0, -4);
        const vars = sampleVars(resources[lang][`${base}_other`] ?? '');
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
        const vars = sampleVars(text);
        expect(client(key, vars), `${lang} ${key}`).toBe(server(key, vars));
      }
    }
  });
});
