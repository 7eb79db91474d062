import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { scenarios } from '../../src/sim';
import { glossaryIds } from '../../src/lib/glossary';
import { lessonTime } from '../../src/lib/lessonTime';

const root = path.resolve(__dirname, '../../content');
const langs = ['en', 'de'] as const;

interface Lesson {
  file: string;
  body: string;
  data: {
    title?: string;
    description?: string;
    lesson?: { order?: number; minutes?: number; goals: string[]; scenarios: string[] };
  };
}

function read(dir: string): Map<string, Lesson> {
  const out = new Map<string, Lesson>();
  if (!fs.existsSync(dir)) return out;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.mdx'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
    expect(m, `${dir}/${file} has frontmatter`).not.toBeNull();
    out.set(file, { file, data: parse(m?.[1] ?? '') as Lesson['data'], body: m?.[2] ?? '' });
  }
  return out;
}

const lessons = Object.fromEntries(
  langs.map((l) => [l, read(path.join(root, 'lessons', l))]),
) as Record<(typeof langs)[number], Map<string, Lesson>>;
const pages = Object.fromEntries(
  langs.map((l) => [l, read(path.join(root, 'pages', l))]),
) as Record<(typeof langs)[number], Map<string, Lesson>>;
const scenarioIds = new Set(Object.keys(scenarios));
/** A lesson's prose on its main path (asides not counted): about 10 minutes of reading. */
const MAX_WORDS = 2000;

describe('content parity', () => {
  it('every lesson exists in both languages', () => {
    expect([...lessons.de.keys()].sort()).toEqual([...lessons.en.keys()].sort());
  });
  it('lessons are numbered 01, 02, … by their file names, with no gap', () => {
    const numbers = [...lessons.en.keys()].map((f) => Number(f.slice(0, 2))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
  it('every page exists in both languages', () => {
    expect([...pages.de.keys()].sort()).toEqual([...pages.en.keys()].sort());
  });

  for (const [file, en] of lessons.en) {
    const de = lessons.de.get(file);
    describe(file, () => {
      it('uses the NN-slug file name pattern', () => {
        expect(file).toMatch(/^\d\d-[a-z0-9]+(-[a-z0-9]+)*\.mdx$/);
      });
      it('has matching scenarios and goal count in both languages', () => {
        expect(en.data.lesson, 'English lesson block').toBeDefined();
        expect(de?.data.lesson, 'German lesson block').toBeDefined();
        // The order is the file name's number and written nowhere else.
        expect(en.data.lesson?.order).toBeUndefined();
        expect(de?.data.lesson?.order).toBeUndefined();
        expect(de?.data.lesson?.scenarios).toEqual(en.data.lesson?.scenarios);
        expect(de?.data.lesson?.goals.length).toBe(en.data.lesson?.goals.length);
      });
      it('has no hand-written time: it is computed from the text (lib/lessonTime.ts)', () => {
        for (const lang of langs) {
          expect(lessons[lang].get(file)?.data.lesson?.minutes, lang).toBeUndefined();
        }
      });
      it('keeps its main path to at most 2,000 words of prose in each language', () => {
        for (const lang of langs) {
          const words = lessonTime(lessons[lang].get(file)?.body ?? '').words;
          expect(words, `${lang}: ${words} words`).toBeLessThanOrEqual(MAX_WORDS);
        }
      });
      it('names only scenarios the engine has, and lists every one its diagrams use', () => {
        for (const lang of langs) {
          const lesson = lessons[lang].get(file);
          const declared = new Set(lesson?.data.lesson?.scenarios ?? []);
          for (const id of declared) expect(scenarioIds, `${lang}: ${id}`).toContain(id);
          const used = [
            ...(lesson?.body ?? '').matchAll(/<Diagram\b[^>]*\bscenario="([^"]+)"/g),
          ].map((m) => m[1]);
          expect(used.length, `${lang}: at least one diagram`).toBeGreaterThan(0);
          for (const id of used)
            expect(declared, `${lang}: ${String(id)} in frontmatter`).toContain(id);
        }
      });
      it('has at least three predict-then-check questions, with unique ids', () => {
        for (const lang of langs) {
          const ids = [
            ...(lessons[lang].get(file)?.body ?? '').matchAll(/<Predict\b[^>]*?\bid="([^"]+)"/g),
          ].map((m) => m[1]);
          expect(ids.length, lang).toBeGreaterThanOrEqual(3);
          expect(new Set(ids).size, lang).toBe(ids.length);
        }
      });
      it('has a recap and sources in both languages', () => {
        for (const lang of langs) {
          const body = lessons[lang].get(file)?.body ?? '';
          expect(body, lang).toContain('<Recap>');
          expect(body, lang).toContain('<Sources>');
        }
      });
      it('links glossary terms only to ids the glossary defines', () => {
        for (const lang of langs) {
          for (const m of (lessons[lang].get(file)?.body ?? '').matchAll(/<Term id="([^"]+)"/g)) {
            expect(glossaryIds, `${lang}: ${String(m[1])}`).toContain(m[1]);
          }
        }
      });
      it('uses documentation address ranges only', () => {
        for (const lang of langs) {
          const body = lessons[lang].get(file)?.body ?? '';
          for (const m of body.matchAll(/\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g)) {
            const ip = m[0];
            const ok =
              ip.startsWith('192.0.2.') ||
              ip.startsWith('203.0.113.') ||
              ip.startsWith('198.51.100.') ||
              ip.startsWith('10.') ||
              ip.startsWith('127.') ||
              ip.startsWith('0.0.0.0') ||
              ip === '168.63.129.16' ||
              /^\d+\.\d+\.\d+\.\d+$/.test(ip) === false;
            expect(ok, `${lang} ${file}: ${ip}`).toBe(true);
          }
        }
      });
    });
  }

  it('Predict ids are unique across the whole course', () => {
    for (const lang of langs) {
      const all = [...lessons[lang].values()].flatMap((l) =>
        [...l.body.matchAll(/<Predict\b[^>]*?\bid="([^"]+)"/g)].map((m) => m[1]),
      );
      expect(new Set(all).size, lang).toBe(all.length);
    }
  });
});
