/**
 * The published JSON Schema and the validator come from one declaration (src/sim/params.ts), so
 * they must agree: over thousands of generated scenario files — valid ones, and ones with one
 * field broken, missing, out of range or of the wrong type — the schema accepts a file exactly
 * when the validator does, apart from the rules across fields that JSON Schema cannot state,
 * which the validator reports under their own codes.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CROSS_FIELD_CODES,
  getScenario,
  scenarioIds,
  scenarioJsonSchema,
  validateScenario,
} from '../../src/sim/index.ts';
import { scenarioSpec } from '../../src/sim/params.ts';
import type { Spec } from '../../src/sim/spec.ts';

const ajv = new Ajv2020({ allErrors: false, strict: false });
const schemaAccepts = ajv.compile(scenarioJsonSchema);

type J = unknown;

/** Arbitrary values that satisfy a declaration's structure (small lists, any ids). */
function arb(spec: Spec): fc.Arbitrary<J> {
  switch (spec.kind) {
    case 'number': {
      const lo = spec.minExclusive ? spec.min + (spec.integer ? 1 : 0.001) : spec.min;
      return spec.integer
        ? fc.integer({ min: Math.ceil(lo), max: Math.min(spec.max, 1e9) })
        : fc.double({ min: lo, max: spec.max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...spec.values);
    case 'string':
      if (spec.format === 'ip') return fc.constantFrom('198.51.100.11', '192.0.2.10', '10.244.1.5');
      if (spec.format === 'cidr') return fc.constantFrom('10.244.1.0/24', '10.244.2.0/24');
      return fc.constantFrom('node-1', 'node-2', 'pod-a', 'client-1', 'x');
    case 'array':
      return fc.array(arb(spec.items), { minLength: spec.min, maxLength: Math.min(spec.max, 3) });
    case 'record':
      return fc.dictionary(fc.constantFrom('node-1', 'node-2'), arb(spec.values), { maxKeys: 2 });
    case 'object': {
      const req: Record<string, fc.Arbitrary<J>> = {};
      const opt: string[] = [];
      for (const [k, f] of Object.entries(spec.fields)) {
        req[k] = arb(f.spec);
        if (f.optional) opt.push(k);
      }
      return fc.record(req, { requiredKeys: Object.keys(req).filter((k) => !opt.includes(k)) });
    }
    case 'union':
      return fc.oneof(
        ...Object.entries(spec.variants).map(([tag, fields]) =>
          arb({ kind: 'object', fields }).map((o) => ({ [spec.tag]: tag, ...(o as object) })),
        ),
      );
  }
}

/** Every place in a value that a mutation can hit, with the spec that governs it. */
function places(
  spec: Spec,
  v: J,
  path: (string | number)[] = [],
): Array<{ path: (string | number)[]; spec: Spec | null }> {
  const out: Array<{ path: (string | number)[]; spec: Spec | null }> = [{ path, spec }];
  if (spec.kind === 'object' && typeof v === 'object' && v !== null) {
    for (const [k, f] of Object.entries(spec.fields)) {
      if (k in (v as object))
        out.push(...places(f.spec, (v as Record<string, J>)[k], [...path, k]));
      else out.push({ path: [...path, k], spec: f.spec });
    }
  } else if (spec.kind === 'array' && Array.isArray(v)) {
    v.forEach((item, i) => out.push(...places(spec.items, item, [...path, i])));
  }
  return out;
}

const WRONG: J[] = [
  'text',
  7,
  2.5,
  -1,
  true,
  null,
  {},
  [],
  '10.244.1.0/33',
  '300.1.1.1',
  'Node_1',
  'x'.repeat(300),
];

function mutate(v: J, spec: Spec, pick: number, kind: number, wrong: number): J {
  const copy = structuredClone(v) as Record<string, J>;
  const all = places(spec, copy).filter((p) => p.path.length > 0);
  const target = all[pick % all.length];
  if (!target) return copy;
  const parent = target.path
    .slice(0, -1)
    .reduce<J>((o, k) => (o as Record<string | number, J>)[k], copy) as Record<string | number, J>;
  const key = target.path[target.path.length - 1] ?? '';
  const s = target.spec;
  switch (kind % 5) {
    case 0:
      // A missing field (or, inside a list, a hole that JSON turns into null).
      Reflect.deleteProperty(parent, key);
      break;
    case 1:
      parent[key] = WRONG[wrong % WRONG.length];
      break;
    case 2:
      if (s?.kind === 'number')
        parent[key] = wrong % 2 ? s.max + 1 : s.min - (s.minExclusive ? 0 : 1);
      else if (s?.kind === 'array')
        parent[key] = Array.from(
          { length: s.max + 1 },
          () => ((parent[key] as J[] | undefined) ?? [])[0] ?? 1,
        );
      else parent[key] = WRONG[wrong % WRONG.length];
      break;
    case 3:
      if (s?.kind === 'number' && s.integer) parent[key] = s.min + 0.5;
      else if (typeof parent === 'object' && !Array.isArray(parent)) parent['surprise'] = 1;
      break;
    default:
      break; // unchanged: a valid file
  }
  return copy;
}

const crossField = new Set<string>(CROSS_FIELD_CODES);

function agree(value: J): void {
  // Files are JSON: what a mutation leaves (holes, undefined) reads as JSON would.
  const file = JSON.parse(JSON.stringify(value) ?? 'null') as J;
  const v = validateScenario(file);
  const structurallyValid = v.ok || v.issues.every((i) => crossField.has(i.code));
  expect(
    schemaAccepts(file),
    `schema ${schemaAccepts(file) ? 'accepts' : 'rejects'}, validator: ${JSON.stringify(v.ok ? 'ok' : v.issues.slice(0, 3))}\n${JSON.stringify(schemaAccepts.errors?.slice(0, 2))}`,
  ).toBe(structurallyValid);
}

describe('the published schema and the validator', () => {
  it.each(scenarioIds)('both accept the built-in scenario %s', (id) => {
    const s = getScenario(id);
    expect(schemaAccepts(s)).toBe(true);
    expect(validateScenario(s).ok).toBe(true);
  });

  it('agree on thousands of generated files, each valid or with one field broken', () => {
    fc.assert(
      fc.property(arb(scenarioSpec), fc.nat(), fc.nat(), fc.nat(), (file, pick, kind, wrong) => {
        agree(mutate(file, scenarioSpec, pick, kind, wrong));
      }),
      { numRuns: 3000 },
    );
    // Thousands of validator and schema runs: seconds on a loaded machine.
  }, 60_000);

  it('agree on the built-in scenarios with one field broken', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...scenarioIds),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (id, pick, kind, wrong) => {
          agree(mutate(getScenario(id), scenarioSpec, pick, kind, wrong));
        },
      ),
      { numRuns: 3000 },
    );
  }, 60_000);

  it('reports cross-field rules under their own codes, which the schema cannot state', () => {
    const s = getScenario('local');
    const file = { ...s, pods: [{ id: 'pod-a', node: 'node-9' }] };
    expect(schemaAccepts(file)).toBe(true);
    const v = validateScenario(file);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.issues.map((i) => i.code)).toEqual(['unknownReference']);
  });

  it('states the policy rules in the schema too (healthCheckNodePort only and always under Local)', () => {
    const s = getScenario('local');
    const { healthCheckNodePort: _h, ...svc } = s?.service ?? { healthCheckNodePort: 0 };
    expect(schemaAccepts({ ...s, service: svc })).toBe(false);
    expect(validateScenario({ ...s, service: svc })).toMatchObject({
      ok: false,
      issues: [{ code: 'required' }],
    });
    const c = getScenario('cluster-snat');
    const withHcnp = { ...c, service: { ...c?.service, healthCheckNodePort: 32000 } };
    expect(schemaAccepts(withHcnp)).toBe(false);
    expect(validateScenario(withHcnp)).toMatchObject({
      ok: false,
      issues: [{ code: 'onlyForLocal' }],
    });
  });
});
