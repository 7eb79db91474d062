import { describe, expect, it } from 'vitest';
import { checkTools, FEATURES, NFT_FEATURES, probeKernel } from '../../src/lab/preflight.ts';
import { getScenario } from '../../src/sim/index.ts';
import { IPTABLES } from '../../src/sim/iptablesPath.ts';
import { NFTABLES } from '../../src/sim/nftablesPath.ts';
import labDe from '../../src/i18n/locales/lab/de.json';
import labEn from '../../src/i18n/locales/lab/en.json';
import { failureText } from '../../src/lab/session.ts';

const have =
  (missing: string[], restoreVersion = 'iptables-nft-restore v1.8.9 (nf_tables)') =>
  (argv: string[]) => {
    const tool = argv[0] ?? '';
    if (missing.includes(tool)) return { code: 127, stdout: '', stderr: 'not found' };
    if (tool.includes('restore')) return { code: 0, stdout: restoreVersion, stderr: '' };
    return { code: 0, stdout: '', stderr: '' };
  };
const env = { platform: 'linux', uid: 0, capture: false };

describe('refusals name the missing piece', () => {
  it('names a missing tool and its Debian package', () => {
    const r = checkTools(have(['conntrack']), env);
    expect(r).toEqual({
      ok: false,
      refusals: [{ code: 'tool', tool: 'conntrack', pkg: 'conntrack' }],
    });
    if (r.ok) throw new Error('expected a refusal');
    const text = failureText('en', { kind: 'refused', refusals: r.refusals }).text;
    expect(text).toContain('conntrack is missing');
    expect(text).toContain('apt-get install conntrack');
    expect(failureText('de', { kind: 'refused', refusals: r.refusals }).text).toContain(
      'Das Werkzeug conntrack fehlt',
    );
  });
  it('asks for tcpdump only with --capture', () => {
    expect(checkTools(have(['tcpdump']), env).ok).toBe(true);
    expect(checkTools(have(['tcpdump']), { ...env, capture: true })).toMatchObject({
      ok: false,
      refusals: [{ tool: 'tcpdump', pkg: 'tcpdump' }],
    });
  });
  it('refuses non-root, non-Linux and the legacy iptables backend', () => {
    expect(checkTools(have([]), { ...env, uid: 1000 })).toMatchObject({
      ok: false,
      refusals: [{ code: 'notRoot' }],
    });
    expect(checkTools(have([]), { ...env, platform: 'darwin' })).toMatchObject({
      ok: false,
      refusals: [{ code: 'notLinux' }],
    });
    const legacy = checkTools(
      have(['iptables-nft-restore'], 'iptables-restore v1.8.9 (legacy)'),
      env,
    );
    expect(legacy).toMatchObject({ ok: false, refusals: [{ code: 'iptablesLegacy' }] });
  });
  it('names the kernel feature whose probe rule the kernel rejects', () => {
    const refusal = probeKernel((text) =>
      text.includes('-m statistic')
        ? {
            code: 2,
            stdout: '',
            stderr: "iptables-restore v1.8.9 (nf_tables): Couldn't load match `statistic'",
          }
        : { code: 0, stdout: '', stderr: '' },
    );
    expect(refusal).toMatchObject({ code: 'kernel', feature: 'xt_statistic (-m statistic)' });
    const text = failureText('en', { kind: 'refused', refusals: refusal ? [refusal] : [] }).text;
    expect(text).toContain(
      "The kernel lacks xt_statistic (-m statistic), needed for KUBE-SVC's random endpoint choice",
    );
    expect(probeKernel(() => ({ code: 0, stdout: '', stderr: '' }))).toBeNull();
  });
  it('probes every match and target the emitted rules use', () => {
    const probed = FEATURES.map((f) => f.text).join('\n');
    for (const piece of [
      '-m comment',
      '-m tcp',
      '-m addrtype',
      '-m statistic',
      '-m mark',
      '-m conntrack',
      '-j REJECT',
      '-j MARK',
      '-j DNAT',
      '-j MASQUERADE --random-fully',
    ]) {
      expect(probed).toContain(piece);
    }
  });
});

describe('kube-proxy nftables mode in the lab', () => {
  it('asks for nft (Debian package nftables) only when a node runs nftables mode', () => {
    expect(checkTools(have(['nft']), env).ok).toBe(true);
    const r = checkTools(have(['nft']), { ...env, nft: true });
    expect(r).toMatchObject({
      ok: false,
      refusals: [{ code: 'tool', tool: 'nft', pkg: 'nftables' }],
    });
  });
  it('names the nftables feature whose probe the kernel rejects, and that nft said so', () => {
    const refusal = probeKernel(
      (text) =>
        text.includes('numgen')
          ? {
              code: 1,
              stdout: '',
              stderr: 'Error: Could not process rule: No such file or directory',
            }
          : { code: 0, stdout: '', stderr: '' },
      NFT_FEATURES,
      'kernelNft',
    );
    expect(refusal).toMatchObject({ code: 'kernelNft', use: 'nftNumgen' });
    const en = failureText('en', { kind: 'refused', refusals: refusal ? [refusal] : [] }).text;
    expect(en).toContain('needed for the random endpoint choice (numgen random mod n). nft said:');
    const de = failureText('de', { kind: 'refused', refusals: refusal ? [refusal] : [] }).text;
    expect(de).toContain('nft meldet:');
  });
  it('probes every nftables expression and statement the emitted tables use', () => {
    const probed = NFT_FEATURES.map((f) => f.text).join('\n');
    for (const f of NFT_FEATURES) {
      expect((labEn as Record<string, string>)[`lab.use.${f.use}`], f.use).toBeTruthy();
      expect((labDe as Record<string, string>)[`lab.use.${f.use}`], f.use).toBeTruthy();
    }
    const s = getScenario('local');
    if (!s) throw new Error('missing');
    const input = {
      id: 0,
      service: s.service,
      node: 'node-1',
      nodeIp: '198.51.100.11',
      frontendIp: s.loadBalancer.frontendIp,
      masquerade: true,
      endpoints: [
        {
          pod: 0,
          podId: 'pod-b',
          ip: '10.244.2.5',
          node: 'node-2',
          ready: true,
          serving: true,
          terminating: false,
        },
      ],
      clusterCidr: '10.244.0.0/16',
    };
    const nft = NFTABLES.compiler()(input).kernel().text;
    expect(IPTABLES.compiler()(input).kernel().loader).toBe('iptables-restore');
    for (const piece of [
      'vmap @',
      'numgen random mod',
      'fib saddr type local',
      'ct state new',
      'reject',
      'dnat to',
      'masquerade fully-random',
      'mark set mark xor',
      'type nat hook',
    ]) {
      expect(probed, piece).toContain(piece);
      expect(nft, piece).toContain(piece);
    }
  });
});
