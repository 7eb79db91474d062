/**
 * Links and snippets for sharing a diagram at a moment: its playground and embed URLs and the
 * iframe, MDX and Markdown snippets. Used by the share dialog, the gallery and the tests.
 */
import { toEmbedQuery, type EmbedChrome } from '../../lib/embedParams';
import { serializeUrlState } from '../flow/urlState';

/** The part of a diagram's state a link names (PacketFlowState has these fields). */
export interface MomentState {
  scenario: string;
  lang: 'en' | 'de';
  step: number;
  time: number;
  overrides: Record<string, string>;
}

/**
 * The moment of a state as embed parameters. A diagram over simulated time (drains) is shared
 * by its time, rounded up to the millisecond so the hops done by then stay done; a hop-by-hop
 * one (whose clock stays at 0) by its step.
 */
function momentOf(state: MomentState): { step?: number; time?: number } {
  if (state.time > 0) return { time: Math.ceil(state.time * 1000 - 1e-6) / 1000 };
  return state.step > 0 ? { step: state.step } : {};
}

/** Absolute playground URL of a diagram state: the same moment and what-ifs on a full page. */
export function playgroundUrl(origin: string, state: MomentState): string {
  const query = serializeUrlState({
    overrides: state.overrides,
    step: state.step,
    ...(state.time > 0 ? { time: state.time } : {}),
  });
  return `${origin}/${state.lang}/playground/${encodeURIComponent(state.scenario)}/${query}`;
}

/** Absolute embed URL for a diagram state, at its moment. */
export function embedUrl(
  origin: string,
  state: MomentState,
  extra: { controls?: readonly string[]; chrome?: EmbedChrome } = {},
): string {
  const query = toEmbedQuery({
    ...momentOf(state),
    overrides: state.overrides,
    controls: [...(extra.controls ?? [])],
    ...(extra.chrome ? { chrome: extra.chrome } : {}),
  });
  return `${origin}/${state.lang}/embed/${encodeURIComponent(state.scenario)}/${query}`;
}

/** The three snippets the dialog offers (exported for tests and the docs page). */
export function snippets(
  url: string,
  title: string,
): { iframe: string; mdx: string; markdown: string } {
  const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const iframe =
    `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="560" ` +
    `style="border:0" loading="lazy" data-hop-by-hop></iframe>`;
  const mdx =
    `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="560" ` +
    `style={{ border: 0 }} loading="lazy" data-hop-by-hop />`;
  const markdown = `[${title.replace(/[[\]]/g, '')}](${url.replace(/\)/g, '%29')})`;
  return { iframe, mdx, markdown };
}
