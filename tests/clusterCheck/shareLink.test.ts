/**
 * The share link: the derived scenario round-trips through the fragment, the fragment never holds
 * the pasted text (nor its secrets), and hostile fragments give a code for a message, never a
 * crash or a scenario the engine did not validate.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyzeText, metaOf } from '../../src/clusterCheck/analyze.ts';
import {
  MAX_FRAGMENT_CHARS,
  SHARE_KEY,
  decodeShare,
  encodeShare,
  type SharePayload,
} from '../../src/clusterCheck/shareLink.ts';
import { samples } from '../../src/clusterCheck/samples.ts';

/** The i-th element, or a failed test. */
function at<T>(xs: readonly T[], i: number): T {
  const x = xs[i];
  if (x === undefined) throw new Error(`no element ${i}`);
  return x;
}

const sample = (id: string): string => samples.find((s) => s.id === id)?.text ?? '';

function payloadOf(text: string): SharePayload {
  const r = analyzeText(text);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return {
    scenario: r.analysis.today.scenario,
    meta: r.analysis.meta,
    whatIfs: [{ kind: 'drain', value: at(r.analysis.today.scenario.nodes, 0).id }],
  };
}

/** A fragment holding any JSON value (as a hostile link would). */
const fragmentOf = (value: unknown): string =>
  `#${SHARE_KEY}=${deflateRawSync(Buffer.from(JSON.stringify(value))).toString('base64url')}`;

/** A fragment holding any text, deflated. */
const rawFragment = (text: string): string =>
  `#${SHARE_KEY}=${deflateRawSync(Buffer.from(text)).toString('base64url')}`;

const inflated = (fragment: string): string =>
  inflateRawSync(Buffer.from(fragment.slice(SHARE_KEY.length + 1), 'base64url')).toString();

describe('round trip', () => {
  it.each(['aks-cluster', 'gke-local', 'eks-drain'])(
    '%s: scenario, meta and what-ifs',
    async (id) => {
      const p = payloadOf(sample(id));
      const fragment = await encodeShare(p);
      expect(fragment).toMatch(/^scenario=[A-Za-z0-9_-]+$/);
      const d = await decodeShare(`#${fragment}`);
      expect(d).toEqual({ ok: true, payload: p });
    },
  );

  it('holds the derived scenario only: no annotations, other Services or secrets', async () => {
    const secret =
      '\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  namespace: shop\ndata:\n  password: c3VwZXJzZWNyZXRwYXNzd29yZDEyMzQ1Njc4OTA=\n';
    const p = payloadOf(sample('aks-cluster') + secret);
    const json = inflated(await encodeShare(p));
    for (const leak of [
      'last-applied-configuration',
      'managedFields',
      'storefront-metrics',
      'c3VwZXJzZWNyZXRwYXNzd29yZDEy',
      'health-probe-interval',
    ])
      expect(json).not.toContain(leak);
  });

  it('keeps the Kubernetes names that differ from the engine ids', () => {
    const r = analyzeText(sample('eks-drain'));
    if (!r.ok) throw new Error('import');
    expect(metaOf(r.analysis.report ?? (undefined as never)).names['ip-198-51-100-31']).toBe(
      'ip-198-51-100-31.eu-central-1.compute.internal',
    );
  });
});

describe('hostile fragments', () => {
  const good = payloadOf(sample('gke-local'));
  const cases: Array<[string, string, string]> = [
    ['another key', '#foo=bar', 'linkUnknown'],
    ['an empty value', `#${SHARE_KEY}=`, 'linkNotBase64'],
    ['not base64url', `#${SHARE_KEY}=<script>alert(1)</script>`, 'linkNotBase64'],
    ['a truncated length', `#${SHARE_KEY}=AAAAA`, 'linkNotBase64'],
    ['not deflate', `#${SHARE_KEY}=AAAA`, 'linkCorrupt'],
    [
      'deflated garbage',
      `#${SHARE_KEY}=${deflateRawSync(Buffer.from('{not json')).toString('base64url')}`,
      'linkCorrupt',
    ],
    ['an array', fragmentOf([1, 2]), 'linkCorrupt'],
    [
      'another version',
      fragmentOf({ v: 2, scenario: good.scenario, meta: good.meta }),
      'linkVersion',
    ],
    ['no version', fragmentOf({ scenario: good.scenario, meta: good.meta }), 'linkVersion'],
    [
      'an invalid scenario',
      fragmentOf({ v: 1, scenario: { ...good.scenario, nodes: 'x' }, meta: good.meta }),
      'linkInvalid',
    ],
    ['no meta', fragmentOf({ v: 1, scenario: good.scenario }), 'linkInvalid'],
    [
      'a hostile service name',
      fragmentOf({
        v: 1,
        scenario: good.scenario,
        meta: { ...good.meta, service: { ...good.meta.service, name: '<b>x</b>' } },
      }),
      'linkInvalid',
    ],
    [
      'a ClusterIP type',
      fragmentOf({
        v: 1,
        scenario: good.scenario,
        meta: { ...good.meta, service: { ...good.meta.service, type: 'ClusterIP' } },
      }),
      'linkInvalid',
    ],
    [
      'bad what-ifs',
      fragmentOf({
        v: 1,
        scenario: good.scenario,
        meta: good.meta,
        whatIfs: [{ kind: 'exec', value: 'x' }],
      }),
      'linkInvalid',
    ],
    [
      'deep nesting',
      rawFragment(`{"v":1,"scenario":${'['.repeat(200_000)}${']'.repeat(200_000)}}`),
      'linkInvalid',
    ],
    ['deep nesting, not closed', rawFragment('['.repeat(400_000)), 'linkCorrupt'],
    [
      'invalid UTF-8',
      `#${SHARE_KEY}=${deflateRawSync(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])).toString('base64url')}`,
      'linkCorrupt',
    ],
  ];
  it.each(cases)('%s → %s', async (_, fragment, code) => {
    const d = await decodeShare(fragment);
    expect(d.ok).toBe(false);
    if (d.ok === false) expect(d.code).toBe(code);
  });

  it('an invalid scenario names the field', async () => {
    const d = await decodeShare(
      fragmentOf({ v: 1, scenario: { ...good.scenario, nodes: 'x' }, meta: good.meta }),
    );
    expect(d).toMatchObject({ ok: false, params: { path: expect.stringContaining('nodes') } });
  });

  it('a deflate bomb stops at the size cap', async () => {
    const bomb = deflateRawSync(Buffer.alloc(8 * 1024 * 1024, 0x20)).toString('base64url');
    expect(bomb.length).toBeLessThan(MAX_FRAGMENT_CHARS);
    const d = await decodeShare(`#${SHARE_KEY}=${bomb}`);
    expect(d).toMatchObject({ ok: false, code: 'linkTooLarge' });
  });

  it('an oversized fragment is refused before decoding', async () => {
    const d = await decodeShare(`#${SHARE_KEY}=${'A'.repeat(MAX_FRAGMENT_CHARS)}`);
    expect(d).toMatchObject({ ok: false, code: 'linkTooLarge' });
  });

  it('no fragment: no link, no error', async () => {
    expect(await decodeShare('')).toEqual({ ok: null });
    expect(await decodeShare('#')).toEqual({ ok: null });
  });

  it('names for unknown ids or with hostile values are dropped, not shown', async () => {
    const d = await decodeShare(
      fragmentOf({
        v: 1,
        scenario: good.scenario,
        meta: {
          ...good.meta,
          names: { 'no-such-node': 'x', [at(good.scenario.nodes, 0).id]: '<i>' },
        },
      }),
    );
    expect(d.ok).toBe(true);
    if (d.ok) expect(d.payload.meta.names).toEqual({});
  });
});
