import { describe, expect, it } from 'vitest';
import { checkTools, FEATURES, probeKernel } from '../../src/lab/preflight.ts';
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
