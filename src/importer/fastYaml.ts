/**
 * A fast reader for the YAML dialect kubectl prints (go-yaml's emitter): block mappings and
 * sequences (sequences under a key not indented), plain, single- and double-quoted scalars
 * that may wrap onto continuation lines, `|` block literals, `{}` and `[]`, `---` separators.
 * It is strict: anything else (anchors, tags, flow collections with content, comments after
 * values, tabs, folded scalars) makes it give up and return null, and the caller falls back to
 * the full `yaml` parser. The full parser needs about 4 s for a 9 MB dump; this one a fraction.
 * Scalars resolve like the `yaml` package's core schema, so both paths give the same values.
 */

type Value = unknown;

/** Deeper indentation than any kubectl output has (the full parser then reports it). */
export const MAX_INDENT = 1024;

/** Thrown internally to give up; never escapes `parseKubectlYaml`. */
class Unsupported extends Error {}

/** Trim ASCII spaces only: YAML separates with spaces, while String#trim also eats U+2028. */
function trimSpaces(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) === 32) a++;
  while (b > a && s.charCodeAt(b - 1) === 32) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** A block sequence entry: "-" alone or "- …". */
const isDash = (t: string): boolean =>
  t.charCodeAt(0) === 45 && (t.length === 1 || t.charCodeAt(1) === 32);

const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** Resolve a plain scalar like the `yaml` package's core schema (YAML 1.2). */
function resolvePlain(s: string): Value {
  switch (s) {
    case '':
    case '~':
    case 'null':
    case 'Null':
    case 'NULL':
      return null;
    case 'true':
    case 'True':
    case 'TRUE':
      return true;
    case 'false':
    case 'False':
    case 'FALSE':
      return false;
    case '.inf':
    case '.Inf':
    case '.INF':
    case '+.inf':
    case '+.Inf':
    case '+.INF':
      return Infinity;
    case '-.inf':
    case '-.Inf':
    case '-.INF':
      return -Infinity;
    case '.nan':
    case '.NaN':
    case '.NAN':
      return NaN;
  }
  const c = s.charCodeAt(0);
  // Only strings that start like a number can be one.
  if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46) {
    if (INT.test(s)) return Number(s);
    if (OCT.test(s)) return parseInt(s.slice(2), 8);
    if (HEX.test(s)) return parseInt(s.slice(2), 16);
    if (FLOAT.test(s)) return Number(s);
  }
  return s;
}

/** Characters a plain scalar may not start with (YAML indicators). */
function plainStartOk(s: string): boolean {
  const c = s[0];
  if (c === undefined) return true;
  if ('&*!|>\'"%@`{}[],#'.includes(c)) return false;
  if ((c === '-' || c === '?' || c === ':') && (s.length === 1 || s[1] === ' ')) return false;
  return true;
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

const setKey = (o: Record<string, Value>, k: string, v: Value): void => {
  if (k === '__proto__')
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
};

class Reader {
  /** Current raw line index. */
  i = 0;
  private readonly indent: number[];
  private readonly text: string[];

  constructor(
    private readonly raw: string[],
    private readonly end: number,
    start: number,
  ) {
    this.i = start;
    this.indent = new Array<number>(raw.length);
    this.text = new Array<string>(raw.length);
    for (let n = start; n < end; n++) {
      const l = raw[n] ?? '';
      let k = 0;
      while (l.charCodeAt(k) === 32) k++;
      if (k > MAX_INDENT) throw new Unsupported();
      this.indent[n] = k;
      let e = l.length;
      while (e > k && l.charCodeAt(e - 1) === 32) e--;
      this.text[n] = l.slice(k, e);
    }
  }

  /** Index of the current non-blank line, or -1 at the end of the document. */
  peek(): number {
    while (this.i < this.end && this.text[this.i] === '') this.i++;
    return this.i < this.end ? this.i : -1;
  }

  next(): void {
    this.i++;
  }

  private ind(at: number): number {
    return this.indent[at] ?? 0;
  }

  private txt(at: number): string {
    return this.text[at] ?? '';
  }

  /** Parse the node starting at the current line, indented by `indent`. */
  block(indent: number): Value {
    const at = this.peek();
    if (at < 0 || this.ind(at) < indent) return null;
    const t = this.txt(at);
    if (isDash(t)) return this.sequence(this.ind(at));
    // A scalar on its own line (a whole document, or a value below its key).
    if (!splitKey(t)) return this.scalar(t, this.ind(at) - 1);
    return this.mapping(this.ind(at));
  }

  mapping(indent: number): Record<string, Value> {
    const out: Record<string, Value> = {};
    for (let at = this.peek(); at >= 0 && this.ind(at) === indent; at = this.peek()) {
      const t = this.txt(at);
      if (isDash(t)) break;
      const entry = splitKey(t);
      if (!entry) throw new Unsupported();
      setKey(out, entry.key, this.valueAfterKey(entry.rest, indent));
    }
    const after = this.peek();
    if (after >= 0 && this.ind(after) > indent) throw new Unsupported();
    return out;
  }

  sequence(indent: number): Value[] {
    const out: Value[] = [];
    for (let at = this.peek(); at >= 0 && this.ind(at) === indent; at = this.peek()) {
      const t = this.txt(at);
      if (!isDash(t)) break;
      let k = 1;
      while (t.charCodeAt(k) === 32) k++;
      const rest = t.slice(k);
      if (rest === '') {
        this.next();
        const child = this.peek();
        out.push(child >= 0 && this.ind(child) > indent ? this.block(this.ind(child)) : null);
        continue;
      }
      if (isDash(rest)) throw new Unsupported();
      if (splitKey(rest)) {
        // "- key: value": a mapping whose first entry shares the dash's line.
        this.indent[at] = indent + k;
        this.text[at] = rest;
        out.push(this.mapping(indent + k));
      } else {
        out.push(this.scalar(rest, indent));
      }
    }
    return out;
  }

  /** The value of a `key:` whose remainder on the line is `rest`. */
  private valueAfterKey(rest: string, indent: number): Value {
    if (rest === '') {
      this.next();
      const child = this.peek();
      if (child < 0) return null;
      if (this.ind(child) > indent) return this.block(this.ind(child));
      // go-yaml writes a sequence under a key at the key's own indentation.
      if (this.ind(child) === indent && isDash(this.txt(child))) return this.sequence(indent);
      return null;
    }
    return this.scalar(rest, indent);
  }

  /** A scalar starting with `text`; continuation lines must be deeper than `indent`. */
  private scalar(text: string, indent: number): Value {
    const c = text[0];
    if (text === '{}') {
      this.next();
      return {};
    }
    if (text === '[]') {
      this.next();
      return [];
    }
    if (c === '"' || c === "'") return this.quoted(text, c, indent);
    if (c === '|') return this.literal(text, indent);
    if (!plainStartOk(text) || text.includes(' #') || text.includes(': ')) throw new Unsupported();
    // A plain scalar; go-yaml wraps long ones onto deeper-indented lines (folded with spaces).
    this.next();
    let value = text;
    let breaks = 0;
    for (; this.i < this.end; this.i++) {
      const t = this.text[this.i] ?? '';
      if (t === '') {
        breaks++;
        continue;
      }
      if ((this.indent[this.i] ?? 0) <= indent) break;
      if (
        t.includes(': ') ||
        t.endsWith(':') ||
        t.includes(' #') ||
        t.startsWith('#') ||
        t.startsWith('- ')
      )
        throw new Unsupported();
      value += breaks > 0 ? '\n'.repeat(breaks) : ' ';
      value += t;
      breaks = 0;
    }
    return resolvePlain(value);
  }

  /** A quoted scalar, possibly wrapped over several lines (a line break folds to a space). */
  private quoted(first: string, q: string, indent: number): Value {
    let text = first.slice(1);
    let out = '';
    let breaks = 0;
    let firstPart = true;
    for (;;) {
      const end = q === '"' ? closingDouble(text, 0) : closingSingle(text, 0);
      const part = end >= 0 ? text.slice(0, end) : text;
      if (end >= 0 && trimSpaces(text.slice(end + 1)) !== '') throw new Unsupported();
      const piece = firstPart ? part : part.replace(/^ +/, '');
      if (firstPart) out = end >= 0 ? piece : piece.replace(/ +$/, '');
      else if (piece === '' && end < 0) breaks++;
      else {
        const escapedBreak = q === '"' && breaks === 0 && /(^|[^\\])(\\\\)*\\$/.test(out);
        if (escapedBreak) out = out.slice(0, -1);
        else out += breaks > 0 ? '\n'.repeat(breaks) : ' ';
        out += end >= 0 ? piece : piece.replace(/ +$/, '');
        breaks = 0;
      }
      firstPart = false;
      this.next();
      if (end >= 0) break;
      if (this.i >= this.end) throw new Unsupported();
      const raw = this.raw[this.i] ?? '';
      if (this.text[this.i] !== '' && (this.indent[this.i] ?? 0) <= indent) throw new Unsupported();
      text = raw;
    }
    return q === '"' ? unescapeDouble(out) : out.replace(/''/g, "'");
  }

  /** A `|` block literal (`|`, `|-`, `|+`); blank lines and leading spaces are content. */
  private literal(header: string, indent: number): Value {
    if (header !== '|' && header !== '|-' && header !== '|+') throw new Unsupported();
    const chomp = header.slice(1);
    this.next();
    let contentIndent = -1;
    const body: string[] = [];
    for (; this.i < this.end; this.i++) {
      const raw = this.raw[this.i] ?? '';
      if (this.text[this.i] === '') {
        body.push(raw.length > contentIndent && contentIndent >= 0 ? raw.slice(contentIndent) : '');
        continue;
      }
      const ind = this.indent[this.i] ?? 0;
      if (contentIndent < 0) {
        if (ind <= indent) break;
        contentIndent = ind;
      }
      if (ind < contentIndent) break;
      body.push(raw.slice(contentIndent));
    }
    let trailing = 0;
    while (body.length > 0 && body[body.length - 1] === '') {
      body.pop();
      trailing++;
    }
    let value = body.join('\n');
    if (chomp === '+') value += '\n'.repeat(trailing + (body.length > 0 ? 1 : 0));
    else if (chomp === '' && body.length > 0) value += '\n';
    return value;
  }
}

/** Split "key: rest" / "key:" (plain or quoted key); null when it is not a mapping entry. */
function splitKey(t: string): { key: string; rest: string } | null {
  const q = t[0];
  if (q === '"' || q === "'") {
    const end = q === '"' ? closingDouble(t, 1) : closingSingle(t, 1);
    if (end < 0) return null;
    const after = t.slice(end + 1);
    if (after !== ':' && !after.startsWith(': ')) return null;
    const raw = t.slice(1, end);
    return {
      key: q === '"' ? unescapeDouble(raw) : raw.replace(/''/g, "'"),
      rest: trimSpaces(after.slice(1)),
    };
  }
  let at = -1;
  for (let i = t.indexOf(':'); i >= 0; i = t.indexOf(':', i + 1)) {
    if (i === t.length - 1 || t[i + 1] === ' ') {
      at = i;
      break;
    }
  }
  if (at <= 0) return null;
  const key = t.slice(0, at);
  if (!plainStartOk(key) || key.includes(' #') || key.endsWith(' ')) return null;
  return { key, rest: trimSpaces(t.slice(at + 1)) };
}

/** Index of the closing double quote in `s` from `from` (honouring escapes), or -1. */
function closingDouble(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i;
  }
  return -1;
}

/** Index of the closing single quote (a doubled '' is an escaped quote), or -1. */
function closingSingle(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === "'") {
      if (s[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

function unescapeDouble(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? '';
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = s[++i] ?? '';
    const simple = ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const len = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    const hex = s.slice(i + 1, i + 1 + len);
    if (len === 0 || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) throw new Unsupported();
    const cp = parseInt(hex, 16);
    if (cp > 0x10ffff) throw new Unsupported();
    out += String.fromCodePoint(cp);
    i += len;
  }
  return out;
}

/**
 * Parse kubectl-style YAML into one value per document, or null when the text uses anything
 * outside the dialect (the caller then uses the full parser). Never throws.
 */
export function parseKubectlYaml(text: string): Value[] | null {
  try {
    // Tabs, CR and Unicode line separators: rules this reader does not implement.
    if (/[\t\r\u0085\u2028\u2029\ufeff]/.test(text)) return null;
    const raw = text.split('\n');
    const docs: Value[] = [];
    let start = 0;
    const flush = (end: number): void => {
      // Each document gets only its own lines (a dump of many small documents stays linear).
      const lines = raw.slice(start, end);
      const reader = new Reader(lines, lines.length, 0);
      if (reader.peek() < 0) return;
      docs.push(reader.block(0));
      if (reader.peek() >= 0) throw new Unsupported();
    };
    for (let n = 0; n < raw.length; n++) {
      const l = raw[n] ?? '';
      if (l.startsWith('%') || l.startsWith('--- ')) return null;
      if (l === '---' || l === '...') {
        flush(n);
        start = n + 1;
      }
    }
    flush(raw.length);
    return docs;
  } catch {
    return null;
  }
}
