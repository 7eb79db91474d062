/**
 * Hostile input for the importer: malformed YAML, mutated dumps, wrong kinds, missing fields,
 * hostile strings and huge lists. The contract: never a throw, always either a scenario the
 * engine accepts or at least one error item with a known code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importKubectl, REPORT_CODES, type ImportResult } from '../../src/importer/index.ts';
import { samples } from '../../src/clusterCheck/samples.ts';
import { validateScenario } from '../../src/sim/index.ts';
import { toKubectlJson, toKubectlYaml } from './dump.ts';
import { baseDef, objectsOf } from './helpers.ts';

type Obj = Record<string, unknown>;

/** The contract every result must meet. */
function holds(r: ImportResult): void {
  if (r.ok) {
    expect(validateScenario(r.scenario).ok).toBe(true);
    for (const i of r.report.items) expect(REPORT_CODES).toHaveProperty(i.code);
  } else {
    expect(r.issues.length).toBeGreaterThan(0);
    expect(r.issues[0]?.kind).toBe('error');
    for (const i of r.issues) expect(REPORT_CODES).toHaveProperty(i.code);
  }
}

const nasty = fc.oneof(
  fc.constantFrom<unknown>(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '__proto__',
    'constructor',
    '\u0000',
    '\u202e',
    '💥'.repeat(50),
    'Ä'.repeat(1000),
    '9'.repeat(400),
    'NaN',
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.5,
    '',
    null,
    true,
    [],
    {},
    [[[[[]]]]],
    { __proto__: { polluted: true } },
    'x'.repeat(100_000),
    '10.244.1.5',
    '2001:db8::1',
    '0.0.0.0',
    '255.255.255.255',
    '10.244.1.0/33',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** Every path to a value inside an object (arrays by index). */
function paths(
  v: unknown,
  prefix: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
) {
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (v !== null && typeof v === 'object')
    for (const k of Object.keys(v)) paths((v as Obj)[k], [...prefix, k], out);
  if (prefix.length > 0) out.push(prefix);
  return out;
}

function mutate(
  o: unknown,
  path: Array<string | number>,
  op: 'delete' | 'replace',
  value: unknown,
): void {
  let cur = o as Obj;
  for (const k of path.slice(0, -1)) cur = (cur as Record<string | number, unknown>)[k] as Obj;
  const last = path.at(-1) ?? '';
  if (op === 'delete') {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else Reflect.deleteProperty(cur, last);
  } else (cur as Record<string | number, unknown>)[last] = value;
}

describe('importer fuzz', () => {
  it('random text never throws and always gets a message', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 200 })),
        (t) => {
          holds(importKubectl(t));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('mutated kubectl dumps (characters, lines, truncation) never throw', () => {
    const base = samples.map((s) => s.text);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: base.length - 1 }),
        fc.array(
          fc.record({
            at: fc.double({ min: 0, max: 1, noNaN: true }),
            op: fc.constantFrom('delete', 'insert', 'truncate', 'dropLine', 'dupLine', 'indent'),
            text: fc.oneof(
              fc.string({ maxLength: 12 }),
              fc.constantFrom(
                ':',
                '- ',
                '"',
                "'",
                '|',
                '&a',
                '*a',
                '{',
                '[',
                '#',
                '\t',
                '\n',
                '---\n',
              ),
            ),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (which, edits) => {
          let t = base[which] ?? '';
          for (const e of edits) {
            const i = Math.floor(e.at * t.length);
            if (e.op === 'delete') t = t.slice(0, i) + t.slice(i + 1 + e.text.length);
            else if (e.op === 'insert') t = t.slice(0, i) + e.text + t.slice(i);
            else if (e.op === 'truncate') t = t.slice(0, i);
            else {
              const lines = t.split('\n');
              const n = Math.floor(e.at * lines.length);
              if (e.op === 'dropLine') lines.splice(n, 1);
              else if (e.op === 'dupLine') lines.splice(n, 0, lines[n] ?? '');
              else lines[n] = ` ${lines[n] ?? ''}`;
              t = lines.join('\n');
            }
          }
          holds(importKubectl(t));
        },
      ),
      // Most mutants leave kubectl's dialect, so the full (slower) YAML parser reads them.
      { numRuns: 200 },
    );
  }, 60_000);

  it('missing fields, wrong types and hostile values anywhere in the objects never throw', () => {
    const objects = objectsOf(baseDef({ slices: 2 }));
    const all = paths(objects);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            path: fc.integer({ min: 0, max: all.length - 1 }),
            op: fc.constantFrom<'delete' | 'replace'>('delete', 'replace'),
            value: nasty,
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.boolean(),
        (ops, json) => {
          const copy = structuredClone(objects);
          for (const o of ops) {
            const p = all[o.path];
            // The path may be gone after an earlier delete: then nothing happens.
            try {
              if (p) mutate(copy, p, o.op, o.value);
            } catch {
              /* path no longer exists */
            }
          }
          holds(importKubectl(json ? toKubectlJson(copy) : toKubectlYaml(copy)));
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it('wrong kinds and apiVersions are counted, not read', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ kind: nasty, apiVersion: nasty }), { maxLength: 20 }),
        (heads) => {
          const objects = [
            ...objectsOf(baseDef()),
            ...heads.map((h, i) => ({ ...h, metadata: { name: `x-${i}` } })),
          ];
          const r = importKubectl(toKubectlJson(objects));
          holds(r);
          expect(r.ok).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('huge lists: 20,000 unrelated objects and a 3,000-endpoint slice are handled', () => {
    const objects = objectsOf(baseDef());
    for (let i = 0; i < 20_000; i++)
      objects.push({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `cm-${i}`, namespace: 'default' },
        data: {},
      });
    const slice = objects.find((o) => o['kind'] === 'EndpointSlice') as Obj;
    slice['endpoints'] = Array.from({ length: 3000 }, (_, i) => ({
      addresses: [`10.244.${1 + (i % 3)}.${10 + (Math.floor(i / 3) % 240)}`],
      conditions: { ready: true },
      nodeName: `node-${1 + (i % 3)}`,
    }));
    const r = importKubectl(toKubectlJson(objects));
    holds(r);
    expect(r.ok).toBe(true);
  });

  it('hostile strings never reach the report or the scenario unfiltered', () => {
    const marker = '<script>alert(1)</script>';
    const objects = objectsOf(baseDef());
    const svc = objects[0] as { metadata: Obj; spec: Obj };
    svc.metadata['annotations'] = {
      'service.beta.kubernetes.io/azure-load-balancer-health-probe-interval': marker,
      'service.beta.kubernetes.io/azure-load-balancer-health-probe-request-path': `/x${marker}`,
      [`service.beta.kubernetes.io/port_80_health-probe_port`]: marker,
    };
    svc.spec['loadBalancerClass'] = marker;
    (svc.spec['ports'] as Obj[]).push({
      name: marker,
      port: 81,
      protocol: 'TCP',
      targetPort: marker,
      nodePort: 30081,
    });
    objects.push({ apiVersion: 'v1', kind: marker, metadata: { name: marker } });
    objects.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: marker, namespace: marker } });
    const r = importKubectl(toKubectlYaml(objects), {
      port: marker,
      service: marker,
      preset: 'azure',
    });
    const out = JSON.stringify(r);
    expect(out).not.toContain('<script>');
    const ok = importKubectl(toKubectlYaml(objects));
    holds(ok);
    expect(JSON.stringify(ok)).not.toContain('<script>');
  });
});
