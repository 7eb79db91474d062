/**
 * A round's setup: the sentences the puzzle states, and a compact map of the cluster (who
 * calls, the load balancer, the nodes by zone with their Pods, the named and the drained node).
 * The map is a plain list styled as cards, so it reads in order without the picture, stays a few
 * lines tall with five nodes, and wraps on a phone.
 */
import { phraseText } from '../../lib/practiceText';
import type { Puzzle, SetupNode } from '../../sim/practice/types';
import type { Tr } from '../../view/flow/trClient';

/** The setup section of a round. */
export function SetupSection({ tr, lang, puzzle }: { tr: Tr; lang: 'en' | 'de'; puzzle: Puzzle }) {
  const { setup } = puzzle;
  const say = (p: Parameters<typeof phraseText>[2]): string => phraseText(tr, lang, p);
  const named = setup.named?.vars?.['node'];
  const zones = [...new Set(setup.nodes.map((n) => n.zone ?? ''))];
  const s = puzzle.scenario;
  const card = (n: SetupNode) => (
    <li
      key={n.id}
      className={`hop-map__node${n.id === named ? ' is-named' : ''}${n.id === setup.drained ? ' is-drained' : ''}`}
      data-node={n.id}
    >
      <span className="hop-map__name">{n.id}</span> <span className="hop-map__ip">{n.ip}</span>
      {n.pods.length > 0 ? (
        <span className="hop-map__pods">
          {n.pods.map((p) => (
            <span key={p} className="hop-map__pod">
              {p}
            </span>
          ))}
        </span>
      ) : (
        <span className="hop-map__empty">{tr('practice.map.noPod')}</span>
      )}
      {setup.caller?.node === n.id && (
        <span className="hop-map__pod hop-map__pod--caller">{setup.caller.id}</span>
      )}
      {n.id === setup.drained && <span className="hop-map__tag">{tr('practice.map.drained')}</span>}
    </li>
  );
  return (
    <section className="hop-practice__setup" aria-labelledby="practice-setup">
      <h3 id="practice-setup">{tr('practice.setup')}</h3>
      <div className="hop-map" data-practice-map>
        <p className="hop-map__top">
          {setup.caller ? (
            <span className="hop-map__chip">
              {tr('practice.map.caller', { pod: setup.caller.id, ip: setup.caller.ip })}
            </span>
          ) : (
            <span className="hop-map__chip">
              {tr('practice.map.client', { ip: s.clients[0]?.ip ?? '' })}
            </span>
          )}
          <span aria-hidden="true"> → </span>
          <span className="hop-map__chip hop-map__chip--lb">
            {tr(setup.lbBox ? 'practice.map.lb' : 'practice.map.arp', {
              ip: s.loadBalancer.frontendIp,
            })}
          </span>
        </p>
        {zones.length > 1 ? (
          <ul className="hop-map__zones">
            {zones.map((z) => (
              <li key={z} className="hop-map__zone">
                <span className="hop-map__zone-name">{z}</span>
                <ul className="hop-map__nodes">
                  {setup.nodes.filter((n) => (n.zone ?? '') === z).map(card)}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="hop-map__nodes">{setup.nodes.map(card)}</ul>
        )}
      </div>
      {setup.lines.map((l, i) => (
        <p key={i}>{say(l)}</p>
      ))}
      {setup.named && (
        <p className="hop-practice__named">
          <strong>{say(setup.named)}</strong>
        </p>
      )}
    </section>
  );
}
