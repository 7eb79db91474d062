/** The terminology linter's scanner: which files it reads and how it finds retired variants. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allowed, rules, type Lang, type TermRule } from './terminology.rules';

/** The repository root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const langs: readonly Lang[] = ['en', 'de'];

/** Same length, same line breaks, nothing a rule could match. */
const blank = (s: string): string => s.replace(/[^\n]/g, ' ');

/**
 * The prose of an MDX file with everything else blanked out, so line and column numbers stay
 * those of the file: fenced code, inline code, import lines, URLs, and the attribute values that
 * hold ids or paths rather than words (id, href, scenario, reveal, EngineNumber's pod and node,
 * …).
 */
export function mdxProse(text: string): string {
  return text
    .replace(/^(\s*)(```|~~~)[^\n]*\n[\s\S]*?^\s*\2[^\n]*$/gm, blank)
    .replace(/^import .*$/gm, blank)
    .replace(/(`+)[^\n]*?\1/g, blank)
    .replace(/\]\([^)\s]*\)/g, (m) => `]${blank(m.slice(1))}`)
    .replace(/https?:\/\/[^\s)"'>]+/g, blank)
    .replace(
      /\b(id|href|scenario|scenarios|diagram|reveal|controls|set|src|next|file|link|pod|node|metric|event)(=|:\s*)("[^"\n]*"|\[[^\]\n]*\]|\S+)/g,
      blank,
    );
}

/**
 * The prose of a flat JSON locale file: each value at its line. A placeholder becomes zeros of the
 * same length: it stands for a number, so "{{n}} s" is checked like "5 s".
 */
export function jsonProse(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const m = /^(\s*"[^"]+"\s*:\s*")(.*)(",?\s*)$/.exec(line);
      if (!m) return blank(line);
      const [, head = '', value = '', tail = ''] = m;
      // Placeholders and `code` (commands, kinds) are not prose.
      return (
        blank(head) +
        value
          .replace(/\{\{[^}]*\}\}/g, (m) => '0'.repeat(m.length))
          .replace(/(`+)[^`]*?\1/g, blank) +
        blank(tail)
      );
    })
    .join('\n');
}

export interface Hit {
  file: string;
  line: number;
  column: number;
  rule: TermRule;
  match: string;
  text: string;
}

/** Every file of one language the linter reads: lessons, pages, UI strings, deck strings. */
export function filesOf(lang: Lang): string[] {
  const list = (dir: string, ext: string): string[] =>
    fs.existsSync(path.join(root, dir))
      ? fs
          .readdirSync(path.join(root, dir))
          .filter((f) => f.endsWith(ext))
          .map((f) => `${dir}/${f}`)
      : [];
  const areas = fs.readdirSync(path.join(root, 'src/i18n/locales'));
  return [
    ...list(`content/lessons/${lang}`, '.mdx'),
    ...list(`content/pages/${lang}`, '.mdx'),
    ...areas.map((a) => `src/i18n/locales/${a}/${lang}.json`),
    `src/content/i18n/${lang}.json`,
  ].filter((f) => fs.existsSync(path.join(root, f)));
}

/** Scans one file's prose with the rules of its language; allow-listed uses are skipped. */
export function scan(file: string, text: string, lang: Lang): Hit[] {
  const prose = file.endsWith('.json') ? jsonProse(text) : mdxProse(text);
  const raw = text.split('\n');
  const hits: Hit[] = [];
  prose.split('\n').forEach((line, i) => {
    for (const rule of rules) {
      if (rule.lang !== lang) continue;
      const re = new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '') + 'g');
      for (const m of line.matchAll(re)) {
        const at = m.index;
        const original = raw[i] ?? '';
        const ok = allowed.some((a) => {
          if (a.file !== file || a.rule !== rule.id) return false;
          const start = original.indexOf(a.text);
          return start >= 0 && start <= at && at + m[0].length <= start + a.text.length;
        });
        if (!ok)
          hits.push({
            file,
            line: i + 1,
            column: at + 1,
            rule,
            match: m[0],
            text: original.trim(),
          });
      }
    }
  });
  return hits.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** One hit as the test prints it: file:line:column, rule, match, the fix, the line. */
export const format = (h: Hit): string =>
  `${h.file}:${h.line}:${h.column} [${h.rule.id}] “${h.match}” → ${h.rule.use}\n    ${h.text}`;
