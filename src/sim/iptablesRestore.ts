/**
 * The engine's rules of one node as `iptables-restore` input, in kube-proxy's format: the text
 * `syncProxyRules` writes (`*filter` … `COMMIT`, then `*nat` … `COMMIT`, chain lines first, rules
 * in kube-proxy's write order, comments quoted only when they contain a space), plus the jumps
 * from the built-in chains that kube-proxy installs separately with `iptables -I` (EnsureRule),
 * so that the text alone programs an empty network namespace. It prints the RuleSet the
 * inspector walks; nothing here decides a rule.
 */
import {
  MASQ_MARK,
  type Chain,
  type CommentCode,
  type Match,
  type Rule,
  type RuleTables,
  type Target,
} from './kubeProxy.ts';

/** kube-proxy's comment strings (proxier.go, iptablesJumpChains); `s` is the ServicePortName. */
const COMMENTS: Record<CommentCode, (s: string, arg: string) => string> = {
  portals: () => 'kubernetes service portals',
  externalPortals: () => 'kubernetes externally-visible service portals',
  healthCheckPorts: () => 'kubernetes health check service ports',
  lbFirewall: () => 'kubernetes load balancer firewall',
  forwarding: () => 'kubernetes forwarding rules',
  forwardingConntrack: () => 'kubernetes forwarding conntrack rule',
  postrouting: () => 'kubernetes postrouting rules',
  snat: () => 'kubernetes service traffic requiring SNAT',
  nodePortsLast: () =>
    'kubernetes service nodeports; NOTE: this must be the last rule in this chain',
  localnet: () => 'block incoming localnet connections',
  service: (s) => s,
  loadBalancerIp: (s) => `${s} loadbalancer IP`,
  healthCheckNodePort: (s) => `${s} health check node port`,
  noLocalEndpoints: (s) => `${s} has no local endpoints`,
  noEndpoints: (s) => `${s} has no endpoints`,
  masqueradeExternal: (s) => `masquerade traffic for ${s} external destinations`,
  podExternal: (s) => `pod traffic for ${s} external destinations`,
  masqueradeLocal: (s) => `masquerade LOCAL traffic for ${s} external destinations`,
  routeLocal: (s) => `route LOCAL traffic for ${s} external destinations`,
  toEndpoint: (s, ep) => `${s} -> ${ep}`,
};

/** The comment text of a rule of `rs`, as kube-proxy writes it (undefined: no comment). */
export function commentText(rs: Pick<RuleTables, 'portName'>, rule: Rule): string | undefined {
  return rule.comment === undefined
    ? undefined
    : (COMMENTS[rule.comment]?.(rs.portName, rule.commentArg ?? '') ?? rule.comment);
}

/** `-m comment --comment` argument: bare when it is one word, else double-quoted. */
function commentArg(text: string): string {
  return /\s/.test(text) ? `"${text}"` : text;
}

/** kube-proxy prints probabilities with `%0.10f`. */
export function probabilityText(p: number): string {
  return p.toFixed(10);
}

function matchArgs(m: Match): string {
  switch (m.kind) {
    case 'dst':
      return `-m tcp -p tcp -d ${m.ip} --dport ${m.port}`;
    case 'dport':
      return `-m tcp -p tcp --dport ${m.port}`;
    case 'tcp':
      return '-m tcp -p tcp';
    case 'dstLocal':
      return '-m addrtype --dst-type LOCAL';
    case 'srcLocal':
      return '-m addrtype --src-type LOCAL';
    case 'src':
      return `${m.negate ? '! ' : ''}-s ${m.text}`;
    case 'dstCidr':
      return `${m.negate ? '! ' : ''}-d ${m.text}`;
    case 'random':
      return `-m statistic --mode random --probability ${probabilityText(m.probability)}`;
    case 'mark':
      return `-m mark ${m.negate ? '! ' : ''}--mark ${MASQ_MARK}/${MASQ_MARK}`;
    case 'ctstate':
      return `-m conntrack ${m.negate ? '! ' : ''}--ctstate ${m.states}`;
  }
}

function targetArgs(t: Target): string {
  switch (t.kind) {
    case 'jump':
      return `-j ${t.chain}`;
    case 'mark':
      return `-j MARK --or-mark ${MASQ_MARK}`;
    case 'unmark':
      return `-j MARK --xor-mark ${MASQ_MARK}`;
    case 'dnat':
      return `-j DNAT --to-destination ${t.to}`;
    case 'masquerade':
      return '-j MASQUERADE --random-fully';
    case 'drop':
      return '-j DROP';
    case 'reject':
      return '-j REJECT';
    case 'accept':
      return '-j ACCEPT';
    case 'return':
      return '-j RETURN';
  }
}

/** One `-A` line of a rule of `rs` in a chain. */
export function ruleLine(rs: Pick<RuleTables, 'portName'>, chain: string, rule: Rule): string {
  const parts = rule.match.map(matchArgs);
  const comment = commentText(rs, rule);
  if (comment !== undefined) {
    parts.splice(rule.commentAt ?? 0, 0, `-m comment --comment ${commentArg(comment)}`);
  }
  return ['-A', chain, ...parts, targetArgs(rule.target)].join(' ');
}

function chainLine(c: Chain): string {
  return `:${c.name} ${c.policy ?? '-'} [0:0]`;
}

/** The rule lines of the chains named, in order (optionally only generic / non-generic rules). */
function lines(
  rs: RuleTables,
  table: Map<string, Chain>,
  names: readonly string[],
  which: 'all' | 'service' | 'generic' = 'all',
): string[] {
  const out: string[] = [];
  for (const name of names) {
    const c = table.get(name);
    if (!c) continue;
    for (const r of c.rules) {
      if (which === 'service' && r.generic) continue;
      if (which === 'generic' && !r.generic) continue;
      out.push(ruleLine(rs, c.name, r));
    }
  }
  return out;
}

const BUILT_IN = new Set(['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING']);

/**
 * The iptables-restore text of one node's rules. `header` lines are written as `#` comments
 * first (iptables-restore ignores them).
 */
export function iptablesRestore(rs: RuleTables, header: readonly string[] = []): string {
  const out: string[] = header.map((h) => `# ${h}`);
  const filterNames = [...rs.filter.keys()];
  out.push('*filter', ...[...rs.filter.values()].map(chainLine));
  out.push(
    ...lines(
      rs,
      rs.filter,
      filterNames.filter((n) => BUILT_IN.has(n)),
    ),
  );
  // kube-proxy's write order: KUBE-FIREWALL, per-Service filter rules, then KUBE-FORWARD.
  out.push(...lines(rs, rs.filter, ['KUBE-FIREWALL', 'KUBE-SERVICES', 'KUBE-EXTERNAL-SERVICES']));
  out.push(...lines(rs, rs.filter, ['KUBE-NODEPORTS', 'KUBE-PROXY-FIREWALL', 'KUBE-FORWARD']));
  out.push('COMMIT');
  const natNames = [...rs.nat.keys()];
  const fixed = ['KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ'];
  out.push('*nat', ...[...rs.nat.values()].map(chainLine));
  out.push(
    ...lines(
      rs,
      rs.nat,
      natNames.filter((n) => BUILT_IN.has(n)),
    ),
  );
  out.push(...lines(rs, rs.nat, ['KUBE-POSTROUTING', 'KUBE-MARK-MASQ']));
  out.push(...lines(rs, rs.nat, ['KUBE-SERVICES', 'KUBE-NODEPORTS'], 'service'));
  out.push(
    ...lines(
      rs,
      rs.nat,
      natNames.filter((n) => !BUILT_IN.has(n) && !fixed.includes(n)),
    ),
  );
  // The tail call to KUBE-NODEPORTS is written after every Service.
  out.push(...lines(rs, rs.nat, ['KUBE-SERVICES', 'KUBE-NODEPORTS'], 'generic'));
  out.push('COMMIT');
  return `${out.join('\n')}\n`;
}
