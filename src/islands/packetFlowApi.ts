/**
 * Public, React-free types of the PacketFlow island. The embed and presenter teams import these
 * (postMessage bridges, slides) without pulling React Flow into their bundles; keep them stable.
 */
import type { Ref } from 'react';
import type { Scenario } from '../sim/types';

/** A what-if control's id: declared on its field in src/sim/params.ts (sim/controls `controlIds`). */
export type { ControlId } from '../sim/params';

/** The controls whose labels come with the eBPF data path's strings (locales/ebpf). */
export const EBPF_CONTROLS: readonly string[] = [
  'dataPath',
  'ebpfLbMode',
  'ebpfAlgorithm',
  'protocol',
];

export interface PacketFlowProps {
  /** A built-in scenario's id (a custom scenario's id when `scenarioData` is given). */
  scenario: string;
  /** A whole scenario instead of a built-in one (practice puzzles, your cluster). */
  scenarioData?: Scenario;
  /** The title a custom scenario shows (built-ins have localized titles). */
  title?: string;
  lang: 'en' | 'de';
  /** What-if controls to show (ControlId values). */
  controls?: string[];
  /** Same keys as the CLI's --set. */
  overrides?: Record<string, string>;
  /** Default 'full' (inspector, log, charts). */
  chrome?: 'none' | 'playback' | 'full';
  initialStep?: number;
  initialTime?: number;
  autoplay?: boolean;
  /** Read/write the page URL (playground, embed); false inside lessons with several diagrams. */
  urlState?: boolean;
  /** DOM id; lessons use it to target 'hop:reveal' events. */
  instanceId?: string;
  /** presenter = big type for projectors. */
  size?: 'normal' | 'presenter';
  onStateChange?: (s: PacketFlowState) => void;
  apiRef?: Ref<PacketFlowApi>;
  /** Heading level of the inspector and log panels (2 on a page of its own; default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Plays this many engine connections at once (benchmarks; also `?burst=` in the URL). */
  burst?: number;
  /** Show a run over time by its chart (drain lanes, load bars) without the full chrome (decks). */
  charts?: boolean;
  /** Keep one height while playing (embeds, so the host page never jumps). */
  reserveHeight?: boolean;
  /**
   * Decks: draw the chart of a run over time (with `charts`) into this element instead of under
   * the picture, so the slide can size the picture and the chart separately.
   */
  chartsTarget?: HTMLElement | null;
}

export interface PacketFlowState {
  scenario: string;
  step: number;
  steps: number;
  time: number;
  playing: boolean;
  speed: number;
  overrides: Record<string, string>;
  lang: 'en' | 'de';
  narration: string;
}

export interface PacketFlowApi {
  play(): void;
  pause(): void;
  step(delta?: number): void;
  seek(target: { step?: number; time?: number }): void;
  /** Plays from where it is to a step and stops there (a deck's next hop, a reveal). */
  playTo(step: number): void;
  setOption(key: string, value: string): boolean;
  getState(): PacketFlowState;
  exportSvg(): string;
}

/** Detail of the `hop:reveal` CustomEvent lessons dispatch on `window`. */
export interface HopRevealDetail {
  /** instanceId of the target diagram. */
  diagram: string;
  /** "<featuredIndex>:<HopMark>", "t=<seconds>" or "end". */
  reveal: string;
  /** Bring the diagram into view first (default false: a question plays it where it is). */
  scroll?: boolean;
}
