/**
 * The share link of the your-cluster page: the derived scenario (never the pasted text), the
 * Service's names and the cloud the import inferred, and the open what-if, as deflated JSON in
 * the URL fragment (`#scenario=<base64url>`), which browsers never send to a server. Decoding
 * treats the fragment as hostile: size caps before and while inflating, a known version, and the
 * engine's own validation of the scenario; every failure is a code for a localized message.
 */
import { validateScenario } from '../sim/validate.ts';
import type { CloudPreset, ExternalTrafficPolicy, Scenario } from '../sim/types.ts';
import { PRESET_NAMES } from '../sim/validate.ts';
import { parseWhatIfs, type WhatIfChoice } from './whatIfs.ts';
import type { LbFacts, Workload } from '../importer/report.ts';
import { DEFAULT_LB } from './verdicts.ts';

/** The fragment's key. */
export const SHARE_KEY = 'scenario';
/** Longest fragment read (a 200-node, 2,000-Pod scenario needs about 60 kB). */
export const MAX_FRAGMENT_CHARS = 1_000_000;
/** Most bytes the inflated JSON may have (a deflate bomb stops here). */
export const MAX_JSON_BYTES = 4 * 1024 * 1024;

/** What the page shows about the import besides the scenario. */
export interface ShareMeta {
  service: { namespace: string; name: string; type: string; policy: ExternalTrafficPolicy };
  cloud: { preset: CloudPreset; alternatives: CloudPreset[] };
  /** Engine id → Kubernetes name, only where they differ. */
  names: Record<string, string>;
  /** How the load balancer reaches the Pods (the verdicts need it; older links: a cloud's). */
  lb: LbFacts;
  /** Who owns the Pods (the remedies' patches name it). */
  workload: Workload | null;
}

export interface SharePayload {
  scenario: Scenario;
  meta: ShareMeta;
  /** The what-ifs that were open (empty for none). */
  whatIfs: WhatIfChoice[];
}

export const SHARE_ERRORS = [
  'linkUnknown',
  'linkTooLarge',
  'linkNotBase64',
  'linkCorrupt',
  'linkVersion',
  'linkInvalid',
] as const;
export type ShareError = (typeof SHARE_ERRORS)[number];

export type DecodeResult =
  | { ok: true; payload: SharePayload }
  | { ok: false; code: ShareError; params: Record<string, string | number> }
  /** No share link in the fragment at all. */
  | { ok: null };

const VERSION = 1;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

async function pipe(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
  cap: number,
): Promise<Uint8Array | 'tooLarge'> {
  const writer = stream.writable.getWriter();
  // The write's own promise rejects with the stream on corrupt data; the reader reports it.
  writer.write(bytes).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      return 'tooLarge';
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The fragment (without '#') that holds this payload. */
export async function encodeShare(payload: SharePayload): Promise<string> {
  const json = JSON.stringify({
    v: VERSION,
    scenario: payload.scenario,
    meta: payload.meta,
    ...(payload.whatIfs.length > 0 ? { whatIfs: payload.whatIfs } : {}),
  });
  const packed = await pipe(
    new TextEncoder().encode(json),
    new CompressionStream('deflate-raw'),
    Infinity,
  );
  if (packed === 'tooLarge') throw new Error('unreachable');
  return `${SHARE_KEY}=${toBase64Url(packed)}`;
}

const NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
const isName = (v: unknown): v is string => typeof v === 'string' && NAME.test(v);

function readMeta(v: unknown, s: Scenario): ShareMeta | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const svc = o['service'] as Record<string, unknown> | undefined;
  const cloud = o['cloud'] as Record<string, unknown> | undefined;
  const names = o['names'];
  if (typeof svc !== 'object' || svc === null || typeof cloud !== 'object' || cloud === null)
    return null;
  const type = svc['type'];
  if (!isName(svc['namespace']) || !isName(svc['name'])) return null;
  if (type !== 'LoadBalancer' && type !== 'NodePort') return null;
  const preset = PRESET_NAMES.find((p) => p === cloud['preset']);
  const alts = Array.isArray(cloud['alternatives']) ? cloud['alternatives'] : [];
  if (!preset || alts.length > PRESET_NAMES.length) return null;
  const alternatives = alts.flatMap((a) => PRESET_NAMES.filter((p) => p === a));
  const known = new Set([...s.nodes.map((n) => n.id), ...s.pods.map((p) => p.id)]);
  const outNames: Record<string, string> = {};
  if (typeof names === 'object' && names !== null && !Array.isArray(names)) {
    for (const [id, name] of Object.entries(names as Record<string, unknown>))
      if (known.has(id) && isName(name)) outNames[id] = name;
  }
  return {
    service: {
      namespace: svc['namespace'] as string,
      name: svc['name'] as string,
      type,
      policy: s.service.externalTrafficPolicy,
    },
    cloud: { preset, alternatives },
    names: outNames,
    lb: readLb(o['lb']),
    workload: readWorkload(o['workload']),
  };
}

const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The load balancer facts of a link (missing or malformed: a cloud's, instance targets). */
function readLb(v: unknown): LbFacts {
  const o = obj(v);
  if (!o) return { ...DEFAULT_LB };
  const kinds = ['cloud', 'serviceLb', 'metallb', 'unknown'] as const;
  return {
    kind: kinds.find((k) => k === o['kind']) ?? 'cloud',
    targetType: o['targetType'] === 'ip' ? 'ip' : 'instance',
    preserveClientIp: o['preserveClientIp'] !== false,
    proxyProtocol: o['proxyProtocol'] === true,
  };
}

/** The workload of a link, or null when it is missing or malformed. */
function readWorkload(v: unknown): Workload | null {
  const o = obj(v);
  if (!o) return null;
  const kinds = ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet'] as const;
  const kind = kinds.find((k) => k === o['kind']);
  const labels: Record<string, string> = {};
  const l = obj(o['labels']);
  if (l)
    for (const [k, val] of Object.entries(l).slice(0, 20))
      if (
        /^[A-Za-z0-9./_-]{1,317}$/.test(k) &&
        typeof val === 'string' &&
        /^[A-Za-z0-9._-]{0,63}$/.test(val)
      )
        labels[k] = val;
  if (!kind || !isName(o['name']) || !isName(o['container'])) return null;
  return { kind, name: o['name'], container: o['container'], labels };
}

/** Read a URL fragment ('#…' or without '#'); never throws. */
export async function decodeShare(fragment: string): Promise<DecodeResult> {
  try {
    const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
    if (text === '') return { ok: null };
    if (text.length > MAX_FRAGMENT_CHARS)
      return { ok: false, code: 'linkTooLarge', params: { max: MAX_FRAGMENT_CHARS } };
    if (!text.startsWith(`${SHARE_KEY}=`)) return { ok: false, code: 'linkUnknown', params: {} };
    const bytes = fromBase64Url(text.slice(SHARE_KEY.length + 1));
    if (!bytes || bytes.length === 0) return { ok: false, code: 'linkNotBase64', params: {} };
    let inflated: Uint8Array | 'tooLarge';
    try {
      inflated = await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_JSON_BYTES);
    } catch {
      return { ok: false, code: 'linkCorrupt', params: {} };
    }
    if (inflated === 'tooLarge')
      return { ok: false, code: 'linkTooLarge', params: { max: MAX_JSON_BYTES } };
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated));
    } catch {
      return { ok: false, code: 'linkCorrupt', params: {} };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { ok: false, code: 'linkCorrupt', params: {} };
    const o = parsed as Record<string, unknown>;
    if (o['v'] !== VERSION) return { ok: false, code: 'linkVersion', params: {} };
    const checked = validateScenario(o['scenario']);
    if (!checked.ok) {
      const first = checked.issues[0];
      return {
        ok: false,
        code: 'linkInvalid',
        params: { path: (first?.path ?? '').slice(0, 80), code: first?.code ?? '' },
      };
    }
    const meta = readMeta(o['meta'], checked.scenario);
    if (!meta)
      return { ok: false, code: 'linkInvalid', params: { path: 'meta', code: 'expectedObject' } };
    const whatIfs = o['whatIfs'] === undefined ? [] : parseWhatIfs(o['whatIfs']);
    if (!whatIfs)
      return { ok: false, code: 'linkInvalid', params: { path: 'whatIfs', code: 'expectedArray' } };
    return { ok: true, payload: { scenario: checked.scenario, meta, whatIfs } };
  } catch {
    return { ok: false, code: 'linkCorrupt', params: {} };
  }
}
