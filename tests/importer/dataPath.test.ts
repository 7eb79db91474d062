/**
 * The importer names the data path a dump suggests: eBPF when Cilium's or GKE's agent runs and
 * kube-system has no kube-proxy Pod, kube-proxy otherwise, and says when it cannot tell.
 */
import { describe, expect, it } from 'vitest';
import { applyWhatIf, whatIfOptions } from '../../src/clusterCheck/whatIfs.ts';
import { simulate } from '../../src/sim/index.ts';
import {
  annotatedNodes,
  anetdPod,
  ciliumPod,
  corednsPod,
  dumpWith,
  gceProxyPod,
  kubeadmProxyPod,
  systemPod,
} from './dataPathDumps.ts';
import { codes, importOk, items } from './helpers.ts';

describe('the data path a dump suggests', () => {
  it('Cilium agent and no kube-proxy Pod in kube-system: the eBPF data path', () => {
    const { scenario, report } = importOk(dumpWith(ciliumPod(), corednsPod()));
    expect(scenario.dataPath).toBe('ebpf');
    expect(report.dataPath).toEqual({ dataPath: 'ebpf', source: 'ciliumPods' });
    expect(items(report, 'dataPathCilium')[0]?.params).toEqual({ pod: 'kube-system/cilium-x7k2p' });
    // Cilium's defaults: SNAT mode, so a remote Pod sees a node address as with kube-proxy.
    expect(scenario.ebpf).toBeUndefined();
    expect(simulate(scenario).summary.connections).toBeGreaterThan(0);
  });

  it("GKE's anetd Pods: the eBPF data path, named as Dataplane V2", () => {
    const { scenario, report } = importOk(dumpWith(anetdPod()));
    expect(scenario.dataPath).toBe('ebpf');
    expect(report.dataPath.source).toBe('anetdPods');
    expect(codes(report)).toContain('dataPathAnetd');
  });

  it('a kube-proxy Pod (kubeadm or GCE static Pod) keeps kube-proxy, even beside Cilium', () => {
    for (const proxy of [kubeadmProxyPod(), gceProxyPod()]) {
      const alone = importOk(dumpWith(proxy));
      expect(alone.scenario.dataPath).toBeUndefined();
      expect(codes(alone.report)).toContain('dataPathKubeProxy');
      const both = importOk(dumpWith(proxy, ciliumPod()));
      expect(both.scenario.dataPath).toBeUndefined();
      expect(both.report.dataPath).toEqual({ dataPath: 'kubeProxy', source: 'kubeProxyPods' });
      expect(codes(both.report)).toContain('dataPathBoth');
    }
  });

  it('Cilium without the Pods of kube-system cannot rule kube-proxy out: kube-proxy, and why', () => {
    const elsewhere = importOk(
      dumpWith(systemPod('cilium-x7k2p', { 'k8s-app': 'cilium' }, 'cilium')),
    );
    expect(elsewhere.scenario.dataPath).toBeUndefined();
    expect(codes(elsewhere.report)).toContain('dataPathCiliumElsewhere');
    const annotated = importOk(annotatedNodes());
    expect(annotated.scenario.dataPath).toBeUndefined();
    expect(annotated.report.dataPath.source).toBe('ciliumAnnotations');
    expect(items(annotated.report, 'dataPathCiliumNodes')[0]?.params).toEqual({
      node: 'node-2',
      key: 'network.cilium.io/ipv4-cilium-host',
    });
    // With kube-system's Pods in the dump the agent decides.
    expect(importOk(annotatedNodes(ciliumPod(), corednsPod())).scenario.dataPath).toBe('ebpf');
  });

  it('no evidence: kube-proxy assumed, saying whether kube-system was in the dump', () => {
    expect(codes(importOk(dumpWith(corednsPod())).report)).toContain('dataPathNoAgent');
    const bare = importOk(dumpWith());
    expect(codes(bare.report)).toContain('dataPathAssumed');
    expect(bare.report.dataPath).toEqual({ dataPath: 'kubeProxy', source: 'none' });
  });

  it('annotation values are never read into the report (only the key)', () => {
    const { report } = importOk(annotatedNodes());
    expect(JSON.stringify(report)).not.toContain('10.244.2.55');
  });

  it('the your-cluster what-if offers the other data path and runs it', () => {
    const { scenario } = importOk(dumpWith(ciliumPod(), corednsPod()));
    const offered = whatIfOptions(scenario).find((o) => o.kind === 'dataPath');
    expect(offered?.values).toEqual(['kubeProxy']);
    const back = applyWhatIf(scenario, { kind: 'dataPath', value: 'kubeProxy' });
    expect(back.ok && back.scenario.dataPath).toBe('kubeProxy');
    const plain = importOk(dumpWith(kubeadmProxyPod())).scenario;
    expect(whatIfOptions(plain).find((o) => o.kind === 'dataPath')?.values).toEqual(['ebpf']);
    const to = applyWhatIf(plain, { kind: 'dataPath', value: 'ebpf' });
    expect(to.ok && simulate(to.scenario).resolved.dataPath).toBe('ebpf');
    expect(applyWhatIf(plain, { kind: 'dataPath', value: 'cilium' }).ok).toBe(false);
  });
});
