/**
 * The run of a puzzle as the course's diagram, loaded on first use (after the learner commits):
 * React Flow, the diagram island and its messages are a separate chunk, so the practice page's
 * own script stays small. A moment asked for before the diagram is ready plays once it is.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { Scenario } from '../../sim/types';
import type { HopRevealDetail, PacketFlowProps } from '../packetFlowApi';
import type { Messages, Tr } from '../../view/flow/trClient';

/** The diagram's DOM id (reveals name it). */
export const DIAGRAM_ID = 'practice-diagram';

type Core = ComponentType<PacketFlowProps & { messages: Messages }>;

async function loadCore(lang: 'en' | 'de'): Promise<{ Core: Core; messages: Messages }> {
  const [core, msgs] = await Promise.all([
    import('../PacketFlowCore'),
    lang === 'de' ? import('../../view/flow/messages.de') : import('../../view/flow/messages.en'),
  ]);
  const messages = 'messagesDe' in msgs ? msgs.messagesDe : msgs.messagesEn;
  return { Core: core.default, messages };
}

/** Ask the diagram to play a moment (it listens for `hop:reveal`). */
function dispatch(moment: string, scroll: boolean): void {
  const detail: HopRevealDetail = { diagram: DIAGRAM_ID, reveal: moment, scroll };
  window.dispatchEvent(new CustomEvent('hop:reveal', { detail }));
}

/** The run's diagram; `reveal` (with a counter, so the same moment can play twice) plays a moment. */
export function RunDiagram(props: {
  tr: Tr;
  lang: 'en' | 'de';
  scenario: Scenario;
  title: string;
  reveal: { moment: string; scroll: boolean; n: number } | null;
}) {
  const [loaded, setLoaded] = useState<{ Core: Core; messages: Messages } | null>(null);
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    let live = true;
    loadCore(props.lang).then(
      (x) => live && setLoaded(x),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [props.lang]);

  useEffect(() => {
    const r = props.reveal;
    const el = box.current;
    if (!r || !el || !loaded) return;
    const ready = (): boolean => el.querySelector('.hop-flow[data-hydrated="true"]') !== null;
    if (ready()) {
      dispatch(r.moment, r.scroll);
      return;
    }
    // The diagram computes its run first: play the moment once it says it is ready.
    const mo = new MutationObserver(() => {
      if (!ready()) return;
      mo.disconnect();
      dispatch(r.moment, r.scroll);
    });
    mo.observe(el, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    return () => mo.disconnect();
  }, [props.reveal, loaded]);

  const Core = loaded?.Core;
  return (
    <div className="hop-practice__diagram" ref={box} data-practice-diagram>
      {failed && <p role="alert">{props.tr('practice.diagramError')}</p>}
      {!failed && !Core && (
        <p className="hop-practice__loading" role="status">
          {props.tr('practice.diagramLoading')}
        </p>
      )}
      {Core && loaded && (
        <Core
          scenario={props.scenario.id}
          scenarioData={props.scenario}
          title={props.title}
          lang={props.lang}
          messages={loaded.messages}
          instanceId={DIAGRAM_ID}
          chrome="full"
          headingLevel={3}
        />
      )}
    </div>
  );
}
