/**
 * A practice round's setup in words: the nodes and their Pods, the traffic policy, the load
 * balancer and its probe, the connection the questions are about, and a drain if there is one.
 */
import type { Tr } from '../flow/trClient';
import type { RoundFacts } from './explain';
import type { Round } from './round';

/** The setup section of a round. */
export function SetupSection({
  tr,
  round,
  facts,
  list,
}: {
  tr: Tr;
  round: Round;
  facts: RoundFacts;
  /** Names joined as a list in the page's language. */
  list: (items: string[]) => string;
}) {
  const { puzzle } = round;
  const scenario = round.diagram;
  const seed = puzzle.seed;
  const drain = puzzle.drainNode;
  const nodeIpOf = (id: string): string => scenario.nodes.find((n) => n.id === id)?.ip ?? '';
  const probe = scenario.loadBalancer.probe;
  return (
    <section className="hop-practice__setup" aria-labelledby="practice-setup">
      <h3 id="practice-setup">{tr('practice.setup')}</h3>
      <p>
        {tr('practice.desc.cluster', {
          nodes: scenario.nodes.length,
          count: scenario.pods.length,
        })}
      </p>
      <ul>
        {scenario.nodes.map((n) => {
          const pods = scenario.pods.filter((p) => p.node === n.id).map((p) => p.id);
          return (
            <li key={n.id}>
              {pods.length
                ? tr('practice.desc.node', { node: n.id, ip: n.ip, pods: list(pods) })
                : tr('practice.desc.nodeEmpty', { node: n.id, ip: n.ip })}
            </li>
          );
        })}
      </ul>
      <p>
        {tr(
          scenario.service.externalTrafficPolicy === 'Local'
            ? 'practice.desc.policyLocal'
            : scenario.masquerade
              ? 'practice.desc.policyClusterSnat'
              : 'practice.desc.policyClusterNoSnat',
        )}
      </p>
      <p>
        {tr('practice.desc.lb', {
          preset: tr(`practice.preset.${scenario.loadBalancer.preset}`),
          delivery: tr(`diagram.delivery.${scenario.loadBalancer.delivery}`),
          probe: tr(`diagram.probe.${probe.kind}`),
          interval: probe.interval,
          timeout: probe.timeout,
          threshold: probe.unhealthyThreshold,
        })}
      </p>
      <p className="hop-practice__named">
        <strong>
          {tr(puzzle.direct ? 'practice.desc.namedDirect' : 'practice.desc.namedLb', {
            client: facts.client,
            node: puzzle.ingressNode,
            nodeIp: nodeIpOf(puzzle.ingressNode),
          })}
        </strong>
      </p>
      {drain && (
        <p>
          {tr(puzzle.autoscaler ? 'practice.desc.drainAutoscaler' : 'practice.desc.drain', {
            node: drain,
            duration: scenario.traffic.duration,
          })}
        </p>
      )}
      <p className="hop-practice__link">
        <a href={withSeedPath(seed)}>{tr('practice.link')}</a> · {tr('practice.linkHint')}
      </p>
    </section>
  );
}

/** The link to this puzzle, relative to the page. */
function withSeedPath(seed: number): string {
  return `?seed=${seed}`;
}
