/**
 * The outline of a lesson read from its MDX source at build time: its `<Diagram>` and
 * `<Predict>` elements in order, each with its props and the section heading it sits under.
 * Pure (a string in, data out): decks, their notes and handouts are built from it, so every
 * diagram and every question of a lesson is in its deck. Props are read generically (strings,
 * numbers, booleans, arrays and objects of literals), so a new prop on either component needs
 * no change here.
 */

/** A prop's value: a JSX string, or a JavaScript literal inside `{…}`. */
export type PropValue =
  string | number | boolean | null | PropValue[] | { [key: string]: PropValue };

/** One element of the lesson, in source order. */
export interface OutlineElement {
  name: string;
  props: Record<string, PropValue>;
  /** 1-based line of the element's `<`. */
  line: number;
  /** The text of the nearest `##`/`###` heading above it (null before the first). */
  section: string | null;
}

export interface LessonOutline {
  elements: OutlineElement[];
  /** What could not be read (an expression that is not a literal, an unclosed tag). */
  issues: string[];
}

/** The components a deck is built from. */
export const OUTLINE_ELEMENTS: readonly string[] = ['Diagram', 'Predict'];

/** Sources longer than this are not read (a lesson is about 30 kB). */
const MAX_SOURCE = 2_000_000;

class Reader {
  pos = 0;
  constructor(readonly s: string) {}
  peek(offset = 0): string {
    return this.s[this.pos + offset] ?? '';
  }
  done(): boolean {
    return this.pos >= this.s.length;
  }
  skipSpace(): void {
    for (;;) {
      while (/\s/.test(this.peek())) this.pos++;
      // JSX comments between attributes: {/* … */}
      if (this.s.startsWith('{/*', this.pos)) {
        const end = this.s.indexOf('*/}', this.pos + 3);
        this.pos = end < 0 ? this.s.length : end + 3;
        continue;
      }
      return;
    }
  }
  fail(what: string): never {
    throw new Error(`${what} at offset ${this.pos}`);
  }
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

/** A quoted JavaScript string ('…', "…" or `…` without substitutions). */
function readJsString(r: Reader): string {
  const quote = r.peek();
  r.pos++;
  let out = '';
  while (!r.done()) {
    const c = r.peek();
    r.pos++;
    if (c === quote) return out;
    if (quote === '`' && c === '$' && r.peek() === '{') r.fail('template substitution');
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = r.peek();
    r.pos++;
    if (e === 'u') {
      const braced = r.peek() === '{';
      const hex = braced
        ? r.s.slice(r.pos + 1, r.s.indexOf('}', r.pos))
        : r.s.slice(r.pos, r.pos + 4);
      if (!/^[0-9a-fA-F]{1,6}$/.test(hex)) r.fail('bad \\u escape');
      out += String.fromCodePoint(parseInt(hex, 16));
      r.pos += braced ? hex.length + 2 : 4;
    } else if (e === '\n') {
      // A line continuation.
    } else out += ESCAPES[e] ?? e;
  }
  return r.fail('unclosed string');
}

/** One JavaScript literal: string, number, boolean, null, array or object of literals. */
function readLiteral(r: Reader, depth = 0): PropValue {
  if (depth > 20) r.fail('nesting too deep');
  r.skipSpace();
  const c = r.peek();
  if (c === '"' || c === "'" || c === '`') return readJsString(r);
  if (c === '[') {
    r.pos++;
    const items: PropValue[] = [];
    for (;;) {
      r.skipSpace();
      if (r.peek() === ']') {
        r.pos++;
        return items;
      }
      items.push(readLiteral(r, depth + 1));
      r.skipSpace();
      if (r.peek() === ',') r.pos++;
      else if (r.peek() !== ']') r.fail('expected , or ]');
    }
  }
  if (c === '{') {
    r.pos++;
    const obj: { [key: string]: PropValue } = {};
    for (;;) {
      r.skipSpace();
      if (r.peek() === '}') {
        r.pos++;
        return obj;
      }
      let key: string;
      if (r.peek() === '"' || r.peek() === "'") key = readJsString(r);
      else {
        const m = /^[A-Za-z_$][\w$]*/.exec(r.s.slice(r.pos, r.pos + 200));
        if (!m) r.fail('expected a key');
        key = m[0];
        r.pos += key.length;
      }
      r.skipSpace();
      if (r.peek() !== ':') r.fail('expected :');
      r.pos++;
      obj[key] = readLiteral(r, depth + 1);
      r.skipSpace();
      if (r.peek() === ',') r.pos++;
      else if (r.peek() !== '}') r.fail('expected , or }');
    }
  }
  const rest = r.s.slice(r.pos, r.pos + 64);
  const num = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest);
  if (num) {
    r.pos += num[0].length;
    return Number(num[0]);
  }
  for (const [word, value] of [
    ['true', true],
    ['false', false],
    ['null', null],
  ] as const) {
    if (rest.startsWith(word) && !/[\w$]/.test(rest[word.length] ?? '')) {
      r.pos += word.length;
      return value;
    }
  }
  return r.fail('not a literal');
}

/** The attributes of an opening tag, from after its name to its `/>` or `>`. */
function readAttributes(r: Reader, issues: string[], where: string): Record<string, PropValue> {
  const props: Record<string, PropValue> = {};
  for (;;) {
    r.skipSpace();
    if (r.done()) r.fail('unclosed tag');
    if (r.s.startsWith('/>', r.pos)) {
      r.pos += 2;
      return props;
    }
    if (r.peek() === '>') {
      r.pos++;
      return props;
    }
    const m = /^[A-Za-z_][\w:-]*/.exec(r.s.slice(r.pos, r.pos + 100));
    if (!m) r.fail('expected an attribute');
    const name = m[0];
    r.pos += name.length;
    r.skipSpace();
    if (r.peek() !== '=') {
      props[name] = true;
      continue;
    }
    r.pos++;
    r.skipSpace();
    const q = r.peek();
    if (q === '"' || q === "'") {
      // JSX attribute strings have no escapes.
      const end = r.s.indexOf(q, r.pos + 1);
      if (end < 0) r.fail('unclosed attribute');
      props[name] = r.s.slice(r.pos + 1, end);
      r.pos = end + 1;
    } else if (q === '{') {
      r.pos++;
      const start = r.pos;
      try {
        const value = readLiteral(r);
        r.skipSpace();
        if (r.peek() !== '}') r.fail('expected }');
        r.pos++;
        props[name] = value;
      } catch (e) {
        issues.push(`${where}: ${name}={…} is not a literal (${(e as Error).message})`);
        r.pos = skipExpression(r.s, start);
      }
    } else r.fail(`bad value for ${name}`);
  }
}

/** The position after the `}` that closes an expression starting at `start` (strings skipped). */
function skipExpression(s: string, start: number): number {
  let depth = 1;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (c === '"' || c === "'" || c === '`') {
      i++;
      while (i < s.length && s[i] !== c) i += s[i] === '\\' ? 2 : 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return s.length;
}

/** A heading's words without Markdown or JSX markup. */
function headingText(line: string): string {
  return line
    .replace(/^#+\s*/, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[*_`]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
}

/** Reads the outline of an MDX lesson: the named elements in order, with their props. */
export function lessonOutline(
  source: string,
  names: readonly string[] = OUTLINE_ELEMENTS,
): LessonOutline {
  const issues: string[] = [];
  const elements: OutlineElement[] = [];
  if (source.length > MAX_SOURCE) return { elements, issues: ['source too long'] };
  // Frontmatter is data, not content.
  const fm = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(source);
  const body = fm ? fm[0].replace(/[^\n]/g, ' ') + source.slice(fm[0].length) : source;
  const tag = new RegExp(
    `<(${names.map((n) => n.replace(/\W/g, '')).join('|')})(?=[\\s/>]|$)`,
    'g',
  );
  const lineAt = (pos: number): number => body.slice(0, pos).split('\n').length;
  let section: string | null = null;
  let fence: string | null = null;
  let lineStart = 0;
  while (lineStart < body.length) {
    const nl = body.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? body.length : nl;
    const line = body.slice(lineStart, lineEnd);
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      lineStart = lineEnd + 1;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      lineStart = lineEnd + 1;
      continue;
    }
    if (/^#{2,3}\s/.test(line)) section = headingText(line);
    // Tags on this line outside inline code; an element may run over many lines.
    let next = lineEnd + 1;
    const code = inlineCodeSpans(line);
    tag.lastIndex = 0;
    for (let m = tag.exec(line); m; m = tag.exec(line)) {
      if (code.some(([a, b]) => m.index >= a && m.index < b)) continue;
      const name = m[1] ?? '';
      const at = lineStart + m.index;
      const r = new Reader(body);
      r.pos = at + 1 + name.length;
      const where = `line ${lineAt(at)} <${name}>`;
      try {
        const props = readAttributes(r, issues, where);
        elements.push({ name, props, line: lineAt(at), section });
        // Continue after the tag (it may end on a later line).
        if (r.pos > lineEnd) {
          const after = body.indexOf('\n', r.pos);
          next = after < 0 ? body.length : after + 1;
          break;
        }
        tag.lastIndex = r.pos - lineStart;
      } catch (e) {
        issues.push(`${where}: ${(e as Error).message}`);
        break;
      }
    }
    lineStart = next;
  }
  return { elements, issues };
}

/** [start, end) of every `inline code` span of a line. */
function inlineCodeSpans(line: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const re = /(`+)[\s\S]*?\1/g;
  for (let m = re.exec(line); m; m = re.exec(line)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/** A prop as a string (numbers too), or undefined. */
export function propString(v: PropValue | undefined): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return undefined;
}

/** A prop as a finite number (numeric strings too), or undefined. */
export function propNumber(v: PropValue | undefined): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A prop as a list of strings (non-strings dropped), or an empty list. */
export function propStrings(v: PropValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
