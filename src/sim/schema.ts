/**
 * The published JSON Schema (draft 2020-12) of a scenario file (`npm run simulate -- --schema`),
 * derived from the declaration in params.ts: the same structure, ranges and formats the
 * validator checks, and its declared conditions as `if`/`then`. Rules across fields that JSON
 * Schema cannot state (validate.ts CROSS_FIELD_CODES) are the validator's alone.
 */
import { CONDITIONS, scenarioSpec, type Condition } from './params.ts';
import { FORMAT_PATTERNS, type Fields, type Spec } from './spec.ts';

type Json = { [k: string]: unknown };

/** The JSON Schema (draft 2020-12) of a declaration; structural rules only (see conditions). */
export function toJsonSchema(spec: Spec): Json {
  switch (spec.kind) {
    case 'number': {
      const s: Json = { type: spec.integer ? 'integer' : 'number', maximum: spec.max };
      if (spec.minExclusive) s['exclusiveMinimum'] = spec.min;
      else s['minimum'] = spec.min;
      return s;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { enum: [...spec.values] };
    case 'string':
      return { type: 'string', maxLength: spec.maxLength, pattern: FORMAT_PATTERNS[spec.format] };
    case 'array':
      return {
        type: 'array',
        items: toJsonSchema(spec.items),
        minItems: spec.min,
        maxItems: spec.max,
      };
    case 'record':
      return {
        type: 'object',
        maxProperties: spec.maxKeys,
        propertyNames: { pattern: FORMAT_PATTERNS.id, maxLength: 63 },
        additionalProperties: toJsonSchema(spec.values),
      };
    case 'object':
      return fieldsSchema(spec.fields, {});
    case 'union':
      return {
        oneOf: Object.entries(spec.variants).map(([tag, fields]) =>
          fieldsSchema(fields, { [spec.tag]: { const: tag } }, [spec.tag]),
        ),
      };
  }
}

function fieldsSchema(fields: Fields, extra: Json, extraRequired: string[] = []): Json {
  const properties: Json = { ...extra };
  const required = [...extraRequired];
  for (const [k, f] of Object.entries(fields)) {
    properties[k] = toJsonSchema(f.spec);
    if (!f.optional) required.push(k);
  }
  return { type: 'object', additionalProperties: false, required, properties };
}

/**
 * A schema that constrains only the value at a dotted path; `required` makes every key on the
 * path required too (a condition on an optional field holds only when the field is there).
 */
function at(path: string, leaf: Json, required = false): Json {
  const keys = path.split('.');
  let schema: Json = leaf;
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i] ?? '';
    schema = { properties: { [k]: schema }, ...(required ? { required: [k] } : {}) };
  }
  return schema;
}

/** The `then` part of a condition, applied to the parent object of its path. */
function thenOf(c: Condition): Json {
  const keys = c.then.path.split('.');
  const last = keys.pop() ?? '';
  const parent = keys.join('.');
  const onParent = (s: Json): Json => (parent ? at(parent, s) : s);
  switch (c.then.rule) {
    case 'required':
      return onParent({ required: [last] });
    case 'absent':
      return onParent({ not: { required: [last] } });
    case 'notOneOf':
      return at(c.then.path, { not: { enum: [...c.then.values] } });
  }
}

const base = toJsonSchema(scenarioSpec);

export const scenarioJsonSchema: Json = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://hop-by-hop.example/schemas/scenario.json',
  title: 'Hop by Hop scenario',
  ...base,
  properties: { $schema: { type: 'string' }, ...(base['properties'] as Json) },
  allOf: CONDITIONS.map((c) => ({
    if: at(c.when.path, { const: c.when.equals }, true),
    then: thenOf(c),
  })),
};
