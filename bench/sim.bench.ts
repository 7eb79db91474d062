/**
 * Engine benchmarks: a 60 s drain at 200 conn/s and a 1,000,000-connection balance run, each with
 * kube-proxy's iptables mode (the default) and its nftables mode (kubeProxy.mode: nftables).
 */
import { applyOverrides, getScenario, simulate } from '../src/sim/index.ts';
import { simulateCore } from '../src/sim/simulate.ts';
import type { BenchCase } from './run.ts';

const drain = getScenario('drain-cluster-nodeport-probe');
const base = getScenario('local-imbalance');
// The scenario only: running it here would keep a million records alive through the bench.
const balance = base
  ? applyOverrides(base, { 'traffic.rate': '10000', 'traffic.duration': '100' })
  : null;
if (!drain || !balance?.ok) throw new Error('bench scenarios missing');
const million = balance.scenario;
const nft = { 'kubeProxy.mode': 'nftables' };
const drainNft = applyOverrides(drain, nft);
const millionNft = applyOverrides(million, nft);
if (!drainNft.ok || !millionNft.ok) throw new Error('nftables bench scenarios invalid');
// The same two runs on the eBPF data path (DSR, Maglev: the most work per connection).
const onEbpf = { dataPath: 'ebpf', 'ebpf.lbMode': 'dsr', 'ebpf.algorithm': 'maglev' };
const drainEbpf = applyOverrides(drain, onEbpf);
const millionEbpf = applyOverrides(million, onEbpf);
if (!drainEbpf.ok || !millionEbpf.ok) throw new Error('eBPF bench scenarios invalid');

const cases: BenchCase[] = [
  {
    name: 'drain-cluster-nodeport-probe (12,000 conns, with featured traces)',
    run: () => void simulate(drain),
    runs: 30,
    target: '≤ 12 ms median, ≤ 40 ms first',
  },
  {
    name: 'local-imbalance 1,000,000 conns (core, no traces)',
    run: () => void simulateCore(million),
    runs: 5,
    target: '≤ 400 ms, peak RSS ≤ 300 MiB',
  },
  {
    name: 'drain-cluster-nodeport-probe, nftables mode',
    run: () => void simulate(drainNft.scenario),
    runs: 30,
    target: 'within 10 % of iptables mode',
  },
  {
    name: 'local-imbalance 1,000,000 conns, nftables mode',
    run: () => void simulateCore(millionNft.scenario),
    runs: 5,
    target: 'within 10 % of iptables mode',
  },
  {
    name: 'drain-cluster-nodeport-probe on eBPF, DSR, Maglev (12,000 conns, traces)',
    run: () => void simulate(drainEbpf.scenario),
    runs: 30,
    target: 'within 10 % of the kube-proxy run',
  },
  {
    name: 'local-imbalance 1,000,000 conns on eBPF, DSR, Maglev (core)',
    run: () => void simulateCore(millionEbpf.scenario),
    runs: 5,
    target: 'within 10 % of the kube-proxy run',
  },
];
export default cases;
