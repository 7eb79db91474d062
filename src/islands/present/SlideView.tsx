/**
 * One slide of a deck as the room sees it: text slides in big type; a diagram slide with the
 * picture as its subject (sized by useDeckFit) and one short caption; a question slide with its
 * options and the room's votes as bars, then the answer, played on its diagram.
 */
import { useState, type ComponentType, type ReactElement, type ReactNode, type Ref } from 'react';
import type { PacketFlowApi, PacketFlowProps, PacketFlowState } from '../packetFlowApi';
import {
  revealed,
  stopAt,
  voteShares,
  type DeckDiagram,
  type DeckStop,
  type Slide,
} from '../../lib/deck';
import { useDeckFit } from './useDeckFit';

/** Where the slide's diagram starts when it mounts. */
export interface FlowStart {
  step?: number;
  time?: number;
}

/** What the deck plays every slide's diagram with: the island, its language and the deck's hold on it. */
export interface DeckPlayer {
  Flow: ComponentType<PacketFlowProps>;
  lang: 'en' | 'de';
  /** Where the diagram starts when it (re)mounts for this slide. */
  start: FlowStart;
  apiRef: Ref<PacketFlowApi>;
  onStateChange: (s: PacketFlowState) => void;
}

export interface SlideViewProps {
  player: DeckPlayer;
  slide: Slide;
  index: number;
  total: number;
  step: number;
  votes: readonly number[];
  t: (key: string, vars?: Record<string, string | number>) => string;
}

/** The diagram part of a slide: heading (its children), picture, caption (and a run's chart). */
function DiagramPart(props: {
  player: DeckPlayer;
  diagram: DeckDiagram;
  stop: DeckStop;
  flowKey: string;
  children: ReactNode;
}): ReactElement {
  const { diagram, stop } = props;
  const { Flow, start } = props.player;
  const timed = diagram.chart;
  const [chart, setChart] = useState<HTMLDivElement | null>(null);
  const { slideRef, boxRef, belowRef } = useDeckFit(diagram.designs, props.flowKey);
  return (
    <div
      className={`slide-diagram${timed ? ' slide-diagram--time' : ''}`}
      ref={slideRef}
      data-testid="slide-diagram"
    >
      {props.children}
      <div className="slide-flow" ref={boxRef}>
        <div className="slide-flow-inner">
          <Flow
            key={props.flowKey}
            scenario={diagram.scenario}
            overrides={diagram.overrides}
            title={diagram.title}
            lang={props.player.lang}
            chrome="none"
            size="presenter"
            {...(start.time !== undefined
              ? { initialTime: start.time }
              : { initialStep: start.step ?? 0 })}
            {...(timed ? { charts: true, chartsTarget: chart } : {})}
            urlState={false}
            instanceId="deck-flow"
            onStateChange={props.player.onStateChange}
            apiRef={props.player.apiRef}
          />
        </div>
      </div>
      <div className="slide-below" ref={belowRef} {...(timed ? { 'data-prefer': '14' } : {})}>
        <p className="slide-caption" aria-live="polite" data-testid="slide-caption">
          {stop.caption}
        </p>
        {timed && <div className="slide-chart" ref={setChart} />}
      </div>
    </div>
  );
}

/** A question with its options, the room's votes, and (once shown) the answer. */
function QuestionPart({
  slide,
  shown,
  votes,
  t,
}: {
  slide: Extract<Slide, { kind: 'question' }>;
  shown: boolean;
  votes: readonly number[];
  t: SlideViewProps['t'];
}): ReactElement {
  const shares = voteShares(slide.options.map((_, i) => votes[i] ?? 0));
  const total = votes.reduce((a, b) => a + b, 0);
  return (
    <div className={`slide-ask${shown ? ' is-shown' : ''}`}>
      <p className="slide-kicker">{slide.heading}</p>
      <h2 className="slide-q">{slide.question}</h2>
      <ol className="slide-options" data-testid="slide-options">
        {slide.options.map((text, i) => (
          <li
            key={i}
            className={shown ? (i === slide.answer ? 'is-answer' : 'is-other') : undefined}
            data-option={i}
          >
            <span className="slide-option__key" aria-hidden="true">
              {shown && i === slide.answer ? '✓' : i + 1}
            </span>
            <span className="slide-option__text">{text}</span>
            <span className="slide-option__votes" data-testid="slide-votes">
              <span className="slide-option__bar" style={{ width: `${(shares[i] ?? 0) * 100}%` }} />
              <span className="slide-option__count">{votes[i] ?? 0}</span>
            </span>
          </li>
        ))}
      </ol>
      {shown && slide.explanations[slide.answer] && (
        <p className="slide-explain">{slide.explanations[slide.answer]}</p>
      )}
      <p className="slide-hint">
        {total > 0
          ? `${t('present.ui.votes')}: ${t('present.question.voteCount', { count: total, total })}`
          : t('present.ui.noVotes')}
      </p>
    </div>
  );
}

/** The slide at a position. */
export function SlideView(p: SlideViewProps): ReactElement {
  const { slide, step, t } = p;
  const stop = stopAt(slide, step);
  const shown = revealed(slide, step);
  const flow = (diagram: DeckDiagram, heading: string, headingClass: string, key: string) =>
    stop && (
      <DiagramPart player={p.player} diagram={diagram} stop={stop} flowKey={key}>
        <h2 className={headingClass}>{heading}</h2>
      </DiagramPart>
    );
  return (
    <section
      className={`slide slide-${slide.kind}`}
      aria-roledescription="slide"
      aria-label={t('present.ui.slideOf', { n: p.index + 1, total: p.total })}
    >
      {slide.kind === 'title' && (
        <div className="slide-center">
          <p className="slide-kicker">{slide.meta}</p>
          <h2 className="slide-title">{slide.title}</h2>
          <p className="slide-lead">{slide.subtitle}</p>
        </div>
      )}
      {(slide.kind === 'goals' || slide.kind === 'recap') && (
        <div className="slide-body">
          <h2>{slide.heading}</h2>
          <ul className="slide-points">
            {slide.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {slide.kind === 'diagram' &&
        flow(slide.diagram, slide.heading, 'slide-heading', `d${p.index}`)}
      {slide.kind === 'question' &&
        (shown && slide.diagram ? (
          flow(
            slide.diagram,
            t('present.question.answer', {
              n: slide.answer + 1,
              text: slide.options[slide.answer] ?? '',
            }),
            'slide-heading slide-heading--answer',
            `q${p.index}`,
          )
        ) : (
          <QuestionPart slide={slide} shown={shown} votes={p.votes} t={t} />
        ))}
      {slide.kind === 'end' && (
        <div className="slide-center">
          <h2 className="slide-end">{slide.heading}</h2>
          <p className="slide-lead">{slide.text}</p>
        </div>
      )}
    </section>
  );
}
