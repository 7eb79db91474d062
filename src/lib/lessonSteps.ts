/**
 * A lesson in steps: a "Predict, then check" question ends a step, and what follows it waits
 * until the question is settled (answered twice, answered right, or "Show me"), except the
 * diagram the question is about. Pure and build-time: MarkdownContent.astro hands over the
 * lesson's rendered body; this marks every top-level block with the step it belongs to
 * (`data-hop-step="k"`: shown once the first k questions are open) and writes the page's CSS and
 * the data of its first-paint script (src/lib/gateBoot.ts). Nothing is hidden without the root
 * attributes that script sets, so a reader without JavaScript, a printer, Pagefind and a search
 * engine get the whole text.
 */

/** One element at the top level of the rendered body. */
export interface TopBlock {
  /** Offset of its `<`. */
  start: number;
  /** Offset just after its start tag's `>`. */
  tagEnd: number;
  /** Offset just after its end tag (or its start tag for void and self-closed elements). */
  end: number;
  tag: string;
  /** The start tag's attribute text. */
  attrs: string;
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const RAW = new Set(['script', 'style', 'textarea', 'title']);

/** The end of a start or end tag that begins at `i` (quotes may hold `>`). */
function tagClose(html: string, i: number): number {
  let quote = '';
  for (let j = i; j < html.length; j++) {
    const c = html[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
  }
  return html.length - 1;
}

/**
 * The top-level elements of an HTML fragment, as Astro renders it (well-formed, attributes
 * quoted). Comments, raw-text elements and `/>` (SVG) are handled; stray text is skipped.
 */
export function topLevelBlocks(html: string): TopBlock[] {
  const blocks: TopBlock[] = [];
  let depth = 0;
  let open: Omit<TopBlock, 'end'> | null = null;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    const m = /^<(\/?)([A-Za-z][\w:-]*)/.exec(html.slice(lt, lt + 64));
    if (!m) {
      i = lt + 1;
      continue;
    }
    const closing = m[1] === '/';
    const tag = (m[2] ?? '').toLowerCase();
    const gt = tagClose(html, lt);
    if (closing) {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && open) {
        blocks.push({ ...open, end: gt + 1 });
        open = null;
      }
      i = gt + 1;
      continue;
    }
    const attrs = html.slice(lt + 1 + tag.length, html[gt - 1] === '/' ? gt - 1 : gt);
    let end = gt + 1;
    let leaf = VOID.has(tag) || html[gt - 1] === '/';
    if (RAW.has(tag)) {
      const close = html.toLowerCase().indexOf(`</${tag}`, gt + 1);
      end = close < 0 ? html.length : tagClose(html, close) + 1;
      leaf = true;
    }
    if (depth === 0) {
      const block = { start: lt, tagEnd: gt + 1, tag, attrs };
      if (leaf) blocks.push({ ...block, end });
      else open = block;
    }
    if (!leaf) depth++;
    i = end;
  }
  return blocks;
}

/** An attribute's value in a start tag's attribute text (Astro writes them double-quoted). */
export function attrOf(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs);
  return m?.[1];
}

/** A question of the lesson, in page order. */
export interface StepQuestion {
  id: string;
  /** 'predict' questions end a step; 'recall' ones hold nothing back. */
  kind: 'predict' | 'recall';
  /** The diagram the question is about. */
  diagram?: string;
  /** Its index among the lesson's predict questions (-1 for recall). */
  gate: number;
}

/** The lesson's steps, as found in its rendered body. */
export interface LessonSteps {
  questions: StepQuestion[];
  /** Ids of the predict questions, in order: the ones that hold back what follows. */
  gates: string[];
  /** Per top-level block: how many leading predict questions must be open to show it. */
  steps: number[];
  blocks: TopBlock[];
  /** Every id a link may aim at (top-level elements, headings anywhere), with its step. */
  anchors: Record<string, number>;
}

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/** The diagram ids inside a piece of HTML (`.hop-diagram[data-diagram]` wrappers). */
function diagramsIn(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<div\b([^>]*)>/g)) {
    const attrs = m[1] ?? '';
    if (!/(?:^|\s)class="hop-diagram[\s"]/.test(attrs)) continue;
    const id = attrOf(attrs, 'data-diagram');
    if (id) out.push(id);
  }
  return out;
}

/** Finds the questions and gives every top-level block its step. */
export function lessonSteps(html: string): LessonSteps {
  const blocks = topLevelBlocks(html);
  const questions: StepQuestion[] = [];
  const gates: string[] = [];
  const natural: number[] = [];
  const questionAt = new Map<number, StepQuestion>();
  for (const [b, block] of blocks.entries()) {
    natural.push(gates.length);
    const id = attrOf(block.attrs, 'data-predict');
    if (!id) continue;
    if (!SAFE_ID.test(id)) throw new Error(`lesson steps: question id "${id}" is not a plain id`);
    const recall = /(?:^|\s)class="[^"]*\bhop-predict--recall\b/.test(block.attrs);
    const diagram = attrOf(block.attrs, 'data-diagram');
    if (diagram !== undefined && !SAFE_ID.test(diagram))
      throw new Error(`lesson steps: diagram id "${diagram}" is not a plain id`);
    const q: StepQuestion = {
      id,
      kind: recall ? 'recall' : 'predict',
      ...(diagram ? { diagram } : {}),
      gate: recall ? -1 : gates.length,
    };
    questions.push(q);
    questionAt.set(b, q);
    if (!recall) gates.push(id);
  }
  // A block holding the diagram of a question before it shows with that question.
  const steps = blocks.map((block, b) => {
    let step = natural[b] ?? 0;
    if (step === 0 || questionAt.has(b)) return step;
    const inner = html.slice(block.start, block.end);
    for (const d of diagramsIn(inner)) {
      for (const q of questions) {
        if (q.kind === 'predict' && q.diagram === d && q.gate < step) step = Math.min(step, q.gate);
      }
    }
    return step;
  });
  const anchors: Record<string, number> = {};
  for (const [b, block] of blocks.entries()) {
    const own = attrOf(block.attrs, 'id');
    if (own) anchors[own] = steps[b] ?? 0;
    const inner = html.slice(block.tagEnd, block.end);
    for (const m of inner.matchAll(/<h[1-6]\b([^>]*)>/g)) {
      const id = attrOf(m[1] ?? '', 'id');
      if (id && !(id in anchors)) anchors[id] = steps[b] ?? 0;
    }
  }
  return { questions, gates, steps, blocks, anchors };
}

/** Text as the inside of a double-quoted CSS string. */
function cssString(text: string): string {
  return text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\a ');
}

/** The body with every block after the first question marked with its step. */
export function markSteps(html: string, s: LessonSteps): string {
  let out = '';
  let at = 0;
  for (const [b, block] of s.blocks.entries()) {
    const step = s.steps[b] ?? 0;
    if (step === 0 || block.tag === 'script' || block.tag === 'style') continue;
    const insert = block.start + 1 + block.tag.length;
    out += html.slice(at, insert) + ` data-hop-step="${step}"`;
    at = insert;
  }
  return out + html.slice(at);
}

/**
 * The page's rules, all under `@media screen` and keyed on the root attributes the first-paint
 * script sets (`data-hop-gate="on"`, and the ids that are open and settled): a block waits for
 * every question before it; a diagram keeps its giveaways closed until its questions are settled.
 */
export function stepsCss(s: LessonSteps, tocMore = ''): string {
  const on = 'html[data-hop-gate="on"]';
  const rules: string[] = [];
  const hide: string[] = [];
  const max = Math.max(0, ...s.steps);
  for (const [i, id] of s.gates.entries()) {
    const later: string[] = [];
    for (let k = i + 1; k <= max; k++) later.push(`[data-hop-step="${k}"]`);
    if (later.length > 0)
      hide.push(`${on}:not([data-hop-open~="${id}"]) .sl-markdown-content > :is(${later.join()})`);
  }
  // The table of contents names a section only once it is open: a heading after a question can
  // say its answer ("What pod-c sees"). One line in its place says that more will open.
  const toc = ':is(starlight-toc, mobile-starlight-toc)';
  const more: string[] = [];
  for (const [i, id] of s.gates.entries()) {
    const links = Object.entries(s.anchors)
      .filter(([, step]) => step > i)
      .map(([anchor]) => `[href="#${cssString(anchor)}"]`);
    if (links.length === 0) continue;
    const closed = `${on}:not([data-hop-open~="${id}"])`;
    hide.push(`${closed} ${toc} a:is(${links.join()})`);
    more.push(`${closed} ${toc} :is(nav > ul, .dropdown > ul)::after`);
  }
  if (hide.length > 0) rules.push(`${hide.join(',\n')} { display: none !important; }`);
  if (more.length > 0 && tocMore)
    rules.push(`${more.join(',\n')} { content: "${cssString(tocMore)}"; }`);
  const asked = new Map<string, string[]>();
  for (const q of s.questions) {
    if (!q.diagram) continue;
    asked.set(q.diagram, [...(asked.get(q.diagram) ?? []), q.id]);
  }
  const closed = [...asked].flatMap(([d, ids]) =>
    ids.map((id) => `${on}:not([data-hop-settled~="${id}"]) .hop-diagram[data-diagram="${d}"]`),
  );
  if (closed.length > 0) {
    const under = (sel: string): string => closed.map((c) => `${c} ${sel}`).join(',\n');
    rules.push(`${under(':is(.hop-panels, .hop-transcript)')} { display: none !important; }`);
    rules.push(`${under('.hop-concealed-note')} { display: block; }`);
    rules.push(`${under('.hop-giveaway')} { visibility: hidden; }`);
  }
  return rules.length === 0 ? '' : `@media screen {\n${rules.join('\n')}\n}`;
}

/** What the first-paint script needs: the lesson, its questions and the anchors' steps. */
export interface BootData {
  /** The lesson (for its "Read without questions" switch), e.g. "lessons/why-snat". */
  l: string;
  /** Every question id (predict and recall): settled ones show settled at first paint. */
  q: string[];
  /** The predict questions, in order. */
  g: string[];
  /** Anchor id → how many predict questions come before it (a link there skips them). */
  a: Record<string, number>;
}

/** The first-paint data of a lesson. */
export function bootData(lesson: string, s: LessonSteps): BootData {
  const a: Record<string, number> = {};
  for (const [id, step] of Object.entries(s.anchors)) if (step > 0) a[id] = step;
  return { l: lesson, q: s.questions.map((q) => q.id), g: s.gates, a };
}
