/**
 * A lesson's MDX body as a list of blocks (headings, paragraphs, lists, tables, code, components
 * and their children), for the checks and measures that read lessons as text: the lesson time
 * (lessonTime.ts) and the content test that no text right before a question gives its answer away.
 *
 * Not a full MDX parser: it knows the block shapes our lessons use, with MDX's rule that a JSX
 * element is a block of its own only when nothing but whitespace follows it on its line (otherwise
 * it is inline, inside a paragraph). Attribute values may span lines and hold strings and nested
 * braces (`options={["a > b", "{n}"]}`).
 */

export type BlockKind =
  'esm' | 'heading' | 'paragraph' | 'list' | 'table' | 'code' | 'quote' | 'rule' | 'component';

/** One block of an MDX body. */
export interface Block {
  kind: BlockKind;
  /** 1-based line of the block's first line in the text given to mdxBlocks. */
  line: number;
  /** The block's source, as written. */
  source: string;
  /** Component blocks: the element's name (`Predict`, `Diagram`, `details`, …). */
  name?: string;
  /** Component blocks: the opening tag's source (`<Predict id="x" …>`). */
  tag?: string;
  /** Component blocks with content: the blocks inside. */
  children?: Block[];
  /** Heading blocks: 1 to 6. */
  depth?: number;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:\s|$)/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;
const RULE = /^ {0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/;
const TAG_START = /^\s*<([A-Za-z][\w.:-]*)/;

/** Index just past a string literal that starts at `i` (JS rules: backslash escapes). */
function skipString(s: string, i: number): number {
  const quote = s[i];
  let j = i + 1;
  while (j < s.length && s[j] !== quote) j += s[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** Index just past a balanced `{…}` expression that starts at `i`. */
function skipBraces(s: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < s.length) {
    const c = s[j];
    if (c === '"' || c === "'" || c === '`') {
      j = skipString(s, j);
      continue;
    }
    if (c === '/' && s[j + 1] === '*') {
      const end = s.indexOf('*/', j + 2);
      j = end < 0 ? s.length : end + 2;
      continue;
    }
    if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return j + 1;
    }
    j += 1;
  }
  return s.length;
}

/**
 * The opening tag that starts at `s[i] === '<'`: where it ends and whether it closes itself.
 * Attribute values in "…", '…' or {…} may hold `>`, `/` and line breaks.
 */
export function scanTag(s: string, i: number): { end: number; selfClosing: boolean; name: string } {
  const m = /^<([A-Za-z][\w.:-]*)/.exec(s.slice(i));
  const name = m?.[1] ?? '';
  let j = i + 1 + name.length;
  while (j < s.length) {
    const c = s[j] ?? '';
    if (c === '/' && s[j + 1] === '>') return { end: j + 2, selfClosing: true, name };
    if (c === '>') return { end: j + 1, selfClosing: false, name };
    if (c === '"' || c === "'") j = skipString(s, j);
    else if (c === '{') j = skipBraces(s, j);
    else j += 1;
  }
  return { end: s.length, selfClosing: true, name };
}

/** Index of the `</name>` that closes the element whose opening tag ends at `from`, or -1. */
function closingTag(s: string, name: string, from: number): { start: number; end: number } | null {
  const esc = name.replace(/[.]/g, '\\.');
  const re = new RegExp(`<(/?)${esc}(?![\\w.:-])`, 'g');
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[1] === '/') {
      depth -= 1;
      const end = s.indexOf('>', m.index) + 1;
      if (depth === 0) return { start: m.index, end };
      re.lastIndex = end;
    } else {
      const tag = scanTag(s, m.index);
      if (!tag.selfClosing) depth += 1;
      re.lastIndex = tag.end;
    }
  }
  return null;
}

const blank = (line: string | undefined): boolean => line === undefined || line.trim() === '';

/** Offsets of each line's start in `text`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** The line (0-based) that holds offset `at`. */
function lineOf(starts: number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Splits an MDX body (without frontmatter) into blocks; `firstLine` numbers its first line. */
export function mdxBlocks(text: string, firstLine = 1): Block[] {
  const lines = text.split('\n');
  const starts = lineStarts(text);
  const out: Block[] = [];
  const take = (kind: BlockKind, from: number, to: number, extra: Partial<Block> = {}): void => {
    out.push({ kind, line: firstLine + from, source: lines.slice(from, to).join('\n'), ...extra });
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (blank(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const mark = fence[1] ?? '```';
      let j = i + 1;
      while (
        j < lines.length &&
        !new RegExp(`^\\s*${mark[0]}{${mark.length},}\\s*$`).test(lines[j] ?? '')
      )
        j += 1;
      take('code', i, Math.min(j + 1, lines.length));
      i = j + 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      take('heading', i, i + 1, { depth: heading[1]?.length ?? 1 });
      i += 1;
      continue;
    }
    if (/^(?:import|export)\s/.test(line)) {
      let j = i + 1;
      while (j < lines.length && !blank(lines[j])) j += 1;
      take('esm', i, j);
      i = j;
      continue;
    }
    if (RULE.test(line)) {
      take('rule', i, i + 1);
      i += 1;
      continue;
    }
    const tagStart = TAG_START.exec(line);
    if (tagStart) {
      const at = (starts[i] ?? 0) + line.indexOf('<');
      const tag = scanTag(text, at);
      let end = tag.end;
      let inner: { from: number; to: number } | null = null;
      if (!tag.selfClosing) {
        const close = closingTag(text, tag.name, tag.end);
        if (close) {
          inner = { from: tag.end, to: close.start };
          end = close.end;
        } else end = text.length;
      }
      const endLine = lineOf(starts, Math.max(at, end - 1));
      const rest = text.slice(end, (starts[endLine + 1] ?? text.length + 1) - 1);
      if (rest.trim() === '') {
        const source = text.slice(starts[i] ?? 0, end);
        const block: Block = {
          kind: 'component',
          line: firstLine + i,
          source,
          name: tag.name,
          tag: text.slice(at, tag.end),
        };
        if (inner) {
          const innerText = text.slice(inner.from, inner.to);
          block.children = mdxBlocks(innerText, firstLine + lineOf(starts, inner.from));
        }
        out.push(block);
        i = endLine + 1;
        continue;
      }
      // Inline JSX at the start of a paragraph: fall through.
    }
    if (/^\s*\|/.test(line)) {
      let j = i + 1;
      while (j < lines.length && /^\s*\|/.test(lines[j] ?? '')) j += 1;
      take('table', i, j);
      i = j;
      continue;
    }
    if (/^\s*>/.test(line)) {
      let j = i + 1;
      while (j < lines.length && !blank(lines[j])) j += 1;
      take('quote', i, j);
      i = j;
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const indent = line.length - line.trimStart().length;
      let j = i + 1;
      for (;;) {
        while (j < lines.length && !blank(lines[j])) {
          if (HEADING.test(lines[j] ?? '') || FENCE.test(lines[j] ?? '')) break;
          j += 1;
        }
        // A list goes on over blank lines when the next line is another item or indented.
        let k = j;
        while (k < lines.length && blank(lines[k])) k += 1;
        const next = lines[k];
        if (k === j || next === undefined) break;
        const nextIndent = next.length - next.trimStart().length;
        if ((LIST_ITEM.test(next) && nextIndent >= indent) || nextIndent > indent) j = k + 1;
        else break;
      }
      take('list', i, j);
      i = j;
      continue;
    }
    let j = i + 1;
    while (
      j < lines.length &&
      !blank(lines[j]) &&
      !HEADING.test(lines[j] ?? '') &&
      !FENCE.test(lines[j] ?? '') &&
      !/^\s*>/.test(lines[j] ?? '')
    )
      j += 1;
    take('paragraph', i, j);
    i = j;
  }
  return out;
}

/**
 * A string attribute of a component block: `name="…"`, `name='…'` or `name={"…"}`; undefined
 * when it is absent or not a plain string.
 */
export function attribute(block: Block, name: string): string | undefined {
  const tag = block.tag ?? '';
  const re = new RegExp(
    `(?:^|\\s)${name}=(?:"([^"]*)"|'([^']*)'|\\{\\s*"((?:[^"\\\\]|\\\\.)*)"\\s*\\})`,
  );
  const m = re.exec(tag);
  if (!m) return undefined;
  return m[1] ?? m[2] ?? m[3]?.replace(/\\(.)/g, '$1');
}

/** Marks where an inline component renders a value (an EngineNumber): one word, no letters. */
export const VALUE_MARK = '\uE000';

/**
 * The words a reader sees in a block's markdown source: markup, link targets, JSX tags and
 * attributes removed; inline code kept as text; an inline self-closing component (a number the
 * engine fills in) becomes VALUE_MARK.
 */
export function proseText(source: string): string {
  // MDX comments (`{/* … */}`) are for authors; a reader never sees them.
  return source
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, '')
    .split('\n')
    .filter((l) => !/^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(l))
    .map((l) => l.replace(/^\s*(?:#{1,6}\s+|>\s?|(?:[-*+]|\d{1,9}[.)])\s+)/, ''))
    .join('\n')
    .replace(/<[A-Za-z][\w.:-]*(?:"[^"]*"|'[^']*'|\{[^}]*\}|[^>"'{])*\/>/g, ` ${VALUE_MARK} `)
    .replace(/<\/?[A-Za-z][\w.:-]*(?:"[^"]*"|'[^']*'|\{[^}]*\}|[^>"'{])*>/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/\*\*|\*|\\/g, '')
    .replace(/\|/g, ' ')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

/** Words in prose text: tokens with a letter or digit (an engine value counts as one). */
export function countWords(text: string): number {
  return text.split(/[\s\u00a0\u202f]+/).filter((w) => /[\p{L}\p{N}\uE000]/u.test(w)).length;
}
