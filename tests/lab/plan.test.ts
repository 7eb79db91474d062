import { describe, expect, it } from 'vitest';
import { nodeRuleSets, runScenario, simulate, type NodeDataPath } from '../../src/sim/index.ts';
import { buildPlan, lbRulesText, NS_PREFIX } from '../../src/lab/plan.ts';
import { isLabAddress, renumber } from '../../src/lab/renumber.ts';
import { labSchedule } from '../../src/lab/traffic.ts';

function planFor(id: string, delivery: 'vip' | 'nodePort' = 'nodePort') {
  const r = runScenario(id);
  if (!r.ok) throw new Error(id);
  const re = renumber({ ...r.result.resolved, timeline: [] });
  if (!re.ok) throw new Error(re.issue.code);
  const lab = re.value.scenario;
  lab.loadBalancer.delivery = delivery;
  const res = simulate(labSchedule(lab, 100, 2));
  const rules: Record<string, NodeDataPath> = {};
  for (const [n, list] of Object.entries(nodeRuleSets(res))) if (list[0]) rules[n] = list[0];
  const rotation = lab.nodes.filter((n) => res.initialLbRotation?.[n.id]).map((n) => n.id);
  return { plan: buildPlan('abcd', lab, rules, rotation), rules, lab };
}

describe('lab plan', () => {
  const { plan, rules, lab } = planFor('local');
  it('confines every command to the lab’s own namespaces', () => {
    for (const step of plan.steps) {
      expect(step[0]).toBe('ip');
      if (step[1] === 'netns') {
        expect(['add', 'exec']).toContain(step[2]);
        expect(step[3]?.startsWith(`${NS_PREFIX}abcd-`), step.join(' ')).toBe(true);
      } else {
        expect(step[1], step.join(' ')).toBe('-n');
        expect(step[2]?.startsWith(`${NS_PREFIX}abcd-`), step.join(' ')).toBe(true);
      }
      // A veth peer is created straight inside another lab namespace, never on the host.
      const netnsArg = step.indexOf('netns', 3);
      if (netnsArg > 0) expect(step[netnsArg + 1]?.startsWith(`${NS_PREFIX}abcd-`)).toBe(true);
    }
  });
  it('uses only documentation addresses', () => {
    const text = [...plan.steps.flat(), plan.lbRules, ...plan.nodeRules.map((r) => r.text)].join(
      ' ',
    );
    const ips = text.match(/\b\d{1,3}(\.\d{1,3}){3}\b/g) ?? [];
    expect(ips.length).toBeGreaterThan(20);
    // 127.0.0.0/8 only appears in kube-proxy's KUBE-FIREWALL localnet rule.
    for (const ip of ips.filter((x) => !x.startsWith('127.')))
      expect(isLabAddress(ip), ip).toBe(true);
  });
  it('loads the engine’s own text, not a second copy', () => {
    for (const nr of plan.nodeRules) {
      const rs = rules[nr.node];
      if (!rs) throw new Error(nr.node);
      expect(nr.text.endsWith(rs.kernel().text)).toBe(true);
      expect(nr.loader).toBe('iptables-restore');
    }
    expect(plan.nodeRules.map((r) => r.node)).toEqual(lab.nodes.map((n) => n.id));
  });
  it('creates one namespace per client, node and Pod, plus the LB and the fabric', () => {
    const roles = plan.namespaces.map((n) => n.role);
    expect(roles.filter((r) => r === 'client')).toHaveLength(2);
    expect(roles.filter((r) => r === 'node')).toHaveLength(3);
    expect(roles.filter((r) => r === 'pod')).toHaveLength(2);
    expect(new Set(plan.namespaces.map((n) => n.name)).size).toBe(plan.namespaces.length);
  });
  it('spreads the LB over the nodes in rotation with 1/n, 1/(n−1), … (nodePort delivery)', () => {
    expect(plan.rotation).toEqual(['node-1', 'node-2']);
    const lines = plan.lbRules.split('\n').filter((l) => l.startsWith('-A PREROUTING'));
    expect(lines).toEqual([
      '-A PREROUTING -d 203.0.113.100/32 -p tcp -m tcp --dport 80 -m statistic --mode random --probability 0.5000000000 -j DNAT --to-destination 198.51.100.11:30080',
      '-A PREROUTING -d 203.0.113.100/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 198.51.100.12:30080',
    ]);
  });
  it('routes by connection mark for VIP delivery and drops when no node is in rotation', () => {
    const vip = planFor('cluster-snat', 'vip').plan;
    expect(vip.lbRules).toContain('-j CONNMARK --restore-mark');
    expect(vip.lbRules).toContain(
      '-m mark --mark 0x0 -m statistic --mode random --probability 0.3333333333 -j MARK --set-mark 1',
    );
    expect(vip.steps).toContainEqual([
      'ip',
      '-n',
      'hbh-abcd-lb',
      'rule',
      'add',
      'fwmark',
      '3',
      'table',
      '103',
    ]);
    expect(lbRulesText(lab, [])).toContain(
      '-A FORWARD -d 203.0.113.100/32 -p tcp -m tcp --dport 80 -j DROP',
    );
  });

  it('a zonal load balancer weights its nodes per zone first, as the engine does', () => {
    const r = runScenario('local-zones-nlb');
    if (!r.ok) throw new Error('local-zones-nlb');
    const s = r.result.resolved;
    const probabilities = (text: string): string[] =>
      [...text.matchAll(/--probability ([0-9.]+)/g)].map((m) => m[1] ?? '');
    // zone-a: node-1 alone gets 1/2; zone-b: node-2 and node-3 1/4 each → 0.5, then 0.5 of the rest.
    expect(probabilities(lbRulesText(s, ['node-1', 'node-2', 'node-3']))).toEqual([
      '0.5000000000',
      '0.5000000000',
    ]);
    // Cross-zone on: a flat pool, 1/3 then 1/2.
    const flat = { ...s, loadBalancer: { ...s.loadBalancer, crossZone: true } };
    expect(probabilities(lbRulesText(flat, ['node-1', 'node-2', 'node-3']))).toEqual([
      '0.3333333333',
      '0.5000000000',
    ]);
  });
});
