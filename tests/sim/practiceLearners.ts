/**
 * Learners for the practice property test, written from the rules the lessons state, never
 * from the grader or the engine: they read only what a puzzle tells the learner (its scenario,
 * its setup facts and its questions). The course learner applies every rule; a misconception
 * learner applies the same rules with one mistake.
 *
 * The rules, by lesson: 1 Azure and GCP keep the frontend address, AWS instance targets rewrite
 * to the NodePort; the node SNATs to the address of the interface the packet leaves by (the
 * bridge toward a local Pod with a bridge CNI), conntrack undoes it, the client hears the
 * frontend. 2 Cluster: any Pod, 1/P each, every node in rotation, extra hop 1 − 1/N. 3 without
 * SNAT only Pods on the ingress node answer through it. 4 Local: only local Pods, client IP
 * kept, a node without one drops, the healthCheckNodePort keeps it out of rotation. 5 1/(N·k);
 * zones first when cross-zone is off; MetalLB L2: one node answers ARP (Local: first in hash order
 * with a serving Pod). 6 drain: terminating Pods serve through preStop; checks at a fixed
 * cadence, T failures in a row, a 503 or refusal fails at once, silence at the timeout; the AWS
 * LBC deregisters a tainted node at once. 7/8 ipMode VIP short-circuits on the caller's node; a
 * proxying LB replaces the source; PROXY protocol only works when both sides speak it, and on an
 * HTTP check kube-proxy answers 400; X-Forwarded-For carries what the controller saw.
 */
import type {
  AnswerValue,
  Answers,
  Misconception,
  Puzzle,
  QuestionSpec,
} from '../../src/sim/practice.ts';

type Ctx = {
  p: Puzzle;
  m: Misconception | null;
  has: (x: Misconception) => boolean;
};

const podsOn = (p: Puzzle, node: string): string[] =>
  p.scenario.pods.filter((x) => x.node === node).map((x) => x.id);
const nodeOfPod = (p: Puzzle, pod: string): string =>
  p.scenario.pods.find((x) => x.id === pod)?.node ?? '';
const withPods = (p: Puzzle): string[] =>
  p.scenario.nodes.filter((n) => podsOn(p, n.id).length > 0).map((n) => n.id);
const pct = (x: number): number => x * 100;
const str = (v: unknown): string => String(v);
const policyOf = (p: Puzzle): 'Cluster' | 'Local' => p.scenario.service.externalTrafficPolicy;

/** The answers of a learner (null: the course learner) to a puzzle. */
export function learnerAnswers(p: Puzzle, m: Misconception | null): Answers {
  const ctx: Ctx = { p, m, has: (x) => m === x };
  const out: Answers = {};
  for (const q of p.questions) out[q.id] = answer(ctx, q);
  return out;
}

function answer(ctx: Ctx, q: QuestionSpec): AnswerValue {
  switch (ctx.p.family) {
    case 'path':
      return pathAnswer(ctx, q);
    case 'cluster':
      return clusterAnswer(ctx, q);
    case 'directReturn':
      return directReturnAnswer(ctx, q);
    case 'local':
      return localAnswer(ctx, q);
    case 'balance':
    case 'zones':
      return shareAnswer(ctx, q);
    case 'metallb':
      return metallbAnswer(ctx, q);
    case 'drain':
      return drainAnswer(ctx, q);
    case 'ipMode':
      return ipModeAnswer(ctx, q);
    case 'proxy':
      return proxyAnswer(ctx, q);
    case 'ingress':
      return ingressAnswer(ctx, q);
  }
}

function pathAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const ingress = str(p.facts['ingress']);
  const pod = str(p.facts['pod']);
  switch (q.id) {
    case 'arrival':
      if (has('deliveryAlwaysNodePort')) return 'nodePort';
      return str(p.facts['preset']).startsWith('aws') ? 'nodePort' : 'frontend';
    case 'source':
      if (has('snatKeepsClient')) return 'client';
      if (nodeOfPod(p, pod) !== ingress) return 'ingressNode';
      return p.facts['cni'] === 'routed' ? 'ingressNode' : 'ingressBridge';
    default:
      return has('replyFromPod') ? 'podAddr' : 'frontend';
  }
}

function clusterAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const ingress = str(p.facts['ingress']);
  const target = str(p.facts['target']);
  const all = p.scenario.pods.map((x) => x.id);
  const n = p.scenario.nodes.length;
  const local = has('clusterLocalOnly');
  switch (q.id) {
    case 'pods':
      return local ? podsOn(p, ingress) : all;
    case 'nodeShare':
      if (has('lbSkipsPodless')) return podsOn(p, target).length ? pct(1 / withPods(p).length) : 0;
      return pct(1 / n);
    case 'share': {
      const pod = str(p.facts['sharePod']);
      if (local) return pct(1 / (withPods(p).length * podsOn(p, nodeOfPod(p, pod)).length));
      return pct(1 / all.length);
    }
    default:
      return local ? 0 : pct(1 - 1 / n);
  }
}

function directReturnAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const ingress = str(p.facts['ingress']);
  const k = podsOn(p, ingress).length;
  const total = p.scenario.pods.length;
  const worksAnyway = has('noDirectReturn');
  switch (q.id) {
    case 'success':
      if (worksAnyway) return 'always';
      return k === 0 ? 'never' : k === total ? 'always' : 'sameNodeOnly';
    case 'replyFrom':
      return worksAnyway ? 'frontend' : 'podAddr';
    default:
      // Each node keeps k/P of its connections; summed over N equal nodes that is 1/N.
      return worksAnyway ? 100 : pct(1 / p.scenario.nodes.length);
  }
}

function localAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const ingress = str(p.facts['ingress']);
  const local = podsOn(p, ingress);
  const ignore = has('ignoreLocal');
  switch (q.id) {
    case 'pods':
      return ignore ? p.scenario.pods.map((x) => x.id) : local;
    case 'source': {
      if (!ignore) return local.length ? 'client' : 'none';
      const elsewhere = p.scenario.pods.length > local.length;
      return local.length && elsewhere
        ? 'nodeOrBridge'
        : local.length
          ? 'ingressBridge'
          : 'ingressNode';
    }
    case 'success':
      return ignore || local.length ? 'always' : 'never';
    default:
      return has('ignoreHealthCheck') ? p.scenario.nodes.map((n) => n.id) : withPods(p);
  }
}

/** Lesson 5's shares (balance and zones). */
function shareAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const total = p.scenario.pods.length;
  const nodes = withPods(p);
  const zoneOf = (node: string): string => p.scenario.nodes.find((n) => n.id === node)?.zone ?? '';
  const zonal = p.family === 'zones' && !has('ignoreZones');
  const nodeShare = (node: string): number => {
    if (has('countEmptyNodes')) return 1 / p.scenario.nodes.length;
    if (!zonal) return 1 / nodes.length;
    const zones = new Set(nodes.map(zoneOf));
    return 1 / zones.size / nodes.filter((x) => zoneOf(x) === zoneOf(node)).length;
  };
  const podShare = (pod: string): number => {
    if (has('divideByPods')) return 1 / total;
    const node = nodeOfPod(p, pod);
    return nodeShare(node) / podsOn(p, node).length;
  };
  switch (q.id) {
    case 'shareBusy':
      return pct(podShare(str(p.facts['busy'])));
    case 'shareQuiet':
      return pct(podShare(str(p.facts['quiet'])));
    case 'shareA':
      return pct(podShare(str(p.facts['a'])));
    case 'shareB':
      return pct(podShare(str(p.facts['b'])));
    case 'ratio': {
      if (has('divideByPods')) return 1;
      const ks = nodes.map((x) => podsOn(p, x).length);
      return Math.max(...ks) / Math.min(...ks);
    }
    case 'nodeTotal': {
      const node = str(p.facts['busyNode']);
      if (has('divideByPods')) return pct(podsOn(p, node).length / total);
      return pct(nodeShare(node));
    }
    default: {
      const zone = str(p.facts['zone']);
      const inZone = p.scenario.pods.filter((x) => zoneOf(x.node ?? '') === zone).map((x) => x.id);
      return pct(inZone.reduce((s, x) => s + podShare(x), 0));
    }
  }
}

function metallbAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const order = p.facts['order'] as string[];
  const local = policyOf(p) === 'Local';
  const eligible =
    local && !has('metallbIgnoresLocal') ? order.filter((x) => podsOn(p, x).length) : order;
  const leader = eligible[0] ?? '';
  const drained = str(p.facts['drained']);
  const delay = Number(p.facts['delay']);
  switch (q.id) {
    case 'arpNode':
      return leader;
    case 'share': {
      const pod = str(p.facts['sharePod']);
      if (!local) return pct(1 / p.scenario.pods.length);
      if (has('metallbSpreads'))
        return pct(1 / withPods(p).length / podsOn(p, nodeOfPod(p, pod)).length);
      return nodeOfPod(p, pod) === leader ? pct(1 / podsOn(p, leader).length) : 0;
    }
    case 'window':
      if (has('metallbInstant') || drained !== leader) return 0;
      // Local: the Pods exit after their 5 s preStop, the IP follows `delay` later. Cluster: the
      // speaker leaves at the shutdown (15 s); the node forwards until it is off at 18 s.
      return local ? delay : Math.max(0, 15 + delay - 18);
    default:
      if (has('ignoreDrain') || drained !== leader) return leader;
      return eligible.find((x) => x !== drained) ?? '';
  }
}

/** When a drain puzzle's times come from: the setup states each of them. */
const DRAIN = { at: 5, sync: 1, exit: 10, shutdown: 15, offline: 18 } as const;

/**
 * The drain window for a first check at `phase`: checks every interval; a failed check fails
 * at once on a 503 or a refusal and at its timeout on silence; T in a row take the node out.
 * New connections fail from the Pods' exit (Local) or the node's going (Cluster) until then.
 */
export function windowModel(p: Puzzle, phase: number, m: Misconception | null): number {
  const probe = p.scenario.loadBalancer.probe;
  const threshold = m === 'forgetThreshold' ? 1 : probe.unhealthyThreshold;
  const timeout = m === 'timeoutTwice' ? 2 * probe.timeout : probe.timeout;
  const taint = p.facts['autoscaler'] === true && m !== 'ignoreTaint';
  // The AWS LBC drops a tainted node from its targets (source: practice-lbc-tainted-node).
  if (taint && p.facts['preset'] === 'aws-lbc') return 0;
  const answer = (s: number): 'ok' | 'fast' | 'silent' => {
    if (s >= DRAIN.offline) return 'silent';
    if (probe.kind === 'tcpNodePort') return 'ok';
    if (s >= DRAIN.shutdown) return 'fast';
    if (probe.kind === 'httpKubeProxyHealthz') return taint && s >= DRAIN.at ? 'fast' : 'ok';
    return s >= DRAIN.at + DRAIN.sync ? 'fast' : 'ok';
  };
  let run = 0;
  let down = Infinity;
  for (let k = 0; k < 1000; k++) {
    const s = phase + k * probe.interval;
    const a = answer(s);
    run = a === 'ok' ? 0 : run + 1;
    if (run === threshold) {
      down = s + (a === 'fast' ? 0 : timeout);
      break;
    }
  }
  const from =
    policyOf(p) === 'Cluster' ? DRAIN.offline : m === 'ignoreTerminating' ? DRAIN.at : DRAIN.exit;
  return Math.max(0, down - from);
}

/** The shortest and longest window over every first-check time in [0, interval). */
export function windowRange(p: Puzzle, m: Misconception | null): [number, number] {
  const interval = p.scenario.loadBalancer.probe.interval;
  let lo = Infinity;
  let hi = -Infinity;
  const edges = [DRAIN.at, DRAIN.at + DRAIN.sync, DRAIN.shutdown, DRAIN.offline];
  const phases: number[] = [];
  for (let x = 0; x < interval; x += 0.01) phases.push(x);
  for (const e of edges)
    for (const d of [-1e-4, 0, 1e-4]) phases.push((((e + d) % interval) + interval) % interval);
  for (const ph of phases) {
    const w = windowModel(p, ph, m);
    lo = Math.min(lo, w);
    hi = Math.max(hi, w);
  }
  return [lo, hi];
}

function drainAnswer({ p, m, has }: Ctx, q: QuestionSpec): AnswerValue {
  const drained = str(p.facts['drained']);
  const pod = str(p.facts['sharePod']);
  const local = policyOf(p) === 'Local';
  const node = nodeOfPod(p, pod);
  const before = (): number => {
    if (!local || has('divideByPods')) return 1 / p.scenario.pods.length;
    return 1 / withPods(p).length / podsOn(p, node).length;
  };
  switch (q.id) {
    case 'shareBefore':
      return pct(before());
    case 'shareAfter': {
      if (has('ignoreDrain')) return pct(before());
      if (node === drained) return 0;
      if (!local) return pct(1 / (p.scenario.pods.length - podsOn(p, drained).length));
      return pct(1 / (withPods(p).length - 1) / podsOn(p, node).length);
    }
    case 'window':
      return windowModel(p, Number(p.facts['phase']), m);
    case 'windowShortest':
      return windowRange(p, m)[0];
    default:
      return windowRange(p, m)[1];
  }
}

function ipModeAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const vip = p.facts['ipMode'] === 'VIP' && !has('podCallViaLb');
  const pp = p.facts['pp'] === true;
  const local = policyOf(p) === 'Local';
  switch (q.id) {
    case 'leaves':
      return vip ? 'stays' : 'viaLb';
    case 'success':
      return pp && vip ? 'never' : 'always';
    default:
      if (vip) return pp ? 'nothing' : local ? 'callerPod' : 'callerNode';
      // Through the LB: it saw the caller's node (the Pod's egress is masqueraded).
      return pp || local ? 'callerNode' : 'otherNode';
  }
}

function proxyAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const local = policyOf(p) === 'Local';
  const proxy = p.facts['proxy'] === true;
  const pp = p.facts['pp'] === true;
  const expects = p.facts['expects'] === true;
  const keepsClient = has('localKeepsClientBehindProxy');
  const podSource = !local ? 'nodeOrBridge' : proxy && !keepsClient ? 'lb' : 'client';
  const mismatch = pp !== expects && !has('appIgnoresProxyHeader');
  // An HTTP check on kube-proxy's health server gets the header too and fails (400).
  const checksFail = pp && local && !has('checksIgnoreHeader');
  const empty = p.scenario.nodes.length > withPods(p).length;
  switch (q.id) {
    case 'podSource':
      return podSource;
    case 'appLearns':
      if (mismatch) return 'nothing';
      return pp && expects ? 'client' : podSource;
    case 'success':
      if (mismatch) return 'never';
      // With every check failing the NLB fails open: Pod-less nodes get traffic and drop it.
      return checksFail && empty ? 'some' : 'always';
    default:
      if (!local) return 'all';
      if (checksFail) return 'none';
      return empty ? 'withPods' : 'all';
  }
}

function ingressAnswer({ p, has }: Ctx, q: QuestionSpec): AnswerValue {
  const lb = str(p.facts['lbKind']);
  const fromApp = has('xffFromAppService');
  const xffFor = (policy: string): string =>
    lb === 'proxyPp'
      ? 'client'
      : lb === 'proxy'
        ? policy === 'Local'
          ? 'lb'
          : 'nodeOrBridge'
        : policy === 'Local'
          ? 'client'
          : 'nodeOrBridge';
  const policy = fromApp ? str(p.facts['appPolicy']) : policyOf(p);
  const flipped = fromApp ? policy : policy === 'Local' ? 'Cluster' : 'Local';
  switch (q.id) {
    case 'ipHeader':
      return has('ingressKeepsIpHeader') ? xffFor(policy) : 'controllerPod';
    case 'xff':
      return xffFor(policy);
    default:
      return xffFor(flipped);
  }
}
