/**
 * A small declaration language for the engine's input, and the three things derived from one
 * declaration: the TypeScript type (`Infer`, here), the validator (`checkSpec` in specCheck.ts,
 * issues as codes with parameters) and the published JSON Schema (`toJsonSchema` in schema.ts).
 * Overrides and what-if controls read the same declaration through field metadata (`FieldMeta`).
 *
 * Why not zod (which Astro ships): the validator runs in the browser and in the diagram worker, so
 * its bytes count on every lesson; its issues must be the engine's own codes with parameters (the
 * views speak the languages); and `src/sim` keeps importing only xstate.
 */
import { isDottedIp, parseCidr } from './ip.ts';

/** What a number measures; views print the unit, the CLI and schema document it. */
export type Unit = 'seconds' | 'perSecond' | 'count' | 'port';

export interface NumberSpec {
  readonly kind: 'number';
  readonly min: number;
  readonly max: number;
  readonly minExclusive?: boolean;
  readonly integer?: boolean;
  readonly unit?: Unit;
}
export interface BooleanSpec {
  readonly kind: 'boolean';
}
export interface EnumSpec<V extends string = string> {
  readonly kind: 'enum';
  readonly values: readonly V[];
}
/** Strings come in formats only: ids (kebab-case), IPv4 addresses and CIDRs. */
export interface StringSpec {
  readonly kind: 'string';
  readonly format: 'id' | 'ip' | 'cidr';
  readonly maxLength: number;
}
export interface ArraySpec<I extends Spec = Spec> {
  readonly kind: 'array';
  readonly items: I;
  readonly min: number;
  readonly max: number;
}
export interface ObjectSpec<F extends Fields = Fields> {
  readonly kind: 'object';
  readonly fields: F;
}
/** An object whose keys are ids (checked against other fields by the caller). */
export interface RecordSpec<V extends Spec = Spec> {
  readonly kind: 'record';
  readonly values: V;
  readonly maxKeys: number;
}
/** Tagged variants: `tag` selects which field list applies. */
export interface UnionSpec<
  T extends string = string,
  V extends Record<string, Fields> = Record<string, Fields>,
> {
  readonly kind: 'union';
  readonly tag: T;
  readonly variants: V;
}
export type Spec =
  | NumberSpec
  | BooleanSpec
  | EnumSpec
  | StringSpec
  | ArraySpec
  | ObjectSpec
  | RecordSpec
  | UnionSpec;

/** How a field may be changed from outside (CLI --set, URLs, <Diagram set>, what-if controls). */
export interface FieldMeta {
  /** The field is an override key (its dotted path). */
  readonly override?: true;
  /** The what-if control that shows it. */
  readonly control?: string;
  /** Values a control offers (a subset of the allowed ones, e.g. sensible probe intervals). */
  readonly choices?: readonly (string | number)[];
  /** The range a stepper control offers (a subset of the allowed one). */
  readonly controlRange?: readonly [number, number];
  /** The field only has an effect when another field has this value (e.g. SNAT under Cluster). */
  readonly appliesWhen?: { readonly path: string; readonly equals: string };
}

export interface Field<S extends Spec = Spec, O extends boolean = boolean> {
  readonly spec: S;
  readonly optional: O;
  readonly meta?: FieldMeta;
}
export type Fields = Readonly<Record<string, Field>>;

// ---- builders ------------------------------------------------------------------------------

/** A number in [min, max]; options: integer, minExclusive, unit. */
export function num(
  min: number,
  max: number,
  options: { integer?: boolean; minExclusive?: boolean; unit?: Unit } = {},
): NumberSpec {
  return { kind: 'number', min, max, ...options };
}
/** An integer in [min, max]. */
export function int(min: number, max: number, unit?: Unit): NumberSpec {
  return { kind: 'number', min, max, integer: true, ...(unit ? { unit } : {}) };
}
/** true or false. */
export const bool: BooleanSpec = { kind: 'boolean' };
/** One of the given strings. */
export function oneOf<V extends string>(values: readonly V[]): EnumSpec<V> {
  return { kind: 'enum', values };
}
/** A string in a format. */
export function str(format: StringSpec['format'], maxLength: number): StringSpec {
  return { kind: 'string', format, maxLength };
}
/** A list of min…max items. */
export function list<I extends Spec>(items: I, min: number, max: number): ArraySpec<I> {
  return { kind: 'array', items, min, max };
}
/** An object with exactly these fields. */
export function obj<F extends Fields>(fields: F): ObjectSpec<F> {
  return { kind: 'object', fields };
}
/** An id-keyed map. */
export function record<V extends Spec>(values: V, maxKeys: number): RecordSpec<V> {
  return { kind: 'record', values, maxKeys };
}
/** Tagged variants. */
export function union<T extends string, V extends Record<string, Fields>>(
  tag: T,
  variants: V,
): UnionSpec<T, V> {
  return { kind: 'union', tag, variants };
}
/** A required field. */
export function req<S extends Spec>(spec: S, meta?: FieldMeta): Field<S, false> {
  return meta ? { spec, optional: false, meta } : { spec, optional: false };
}
/** An optional field. */
export function opt<S extends Spec>(spec: S, meta?: FieldMeta): Field<S, true> {
  return meta ? { spec, optional: true, meta } : { spec, optional: true };
}

// ---- the type of a declaration ---------------------------------------------------------------

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type InferFields<F extends Fields> = Simplify<
  { -readonly [K in keyof F as F[K]['optional'] extends true ? never : K]: Infer<F[K]['spec']> } & {
    -readonly [K in keyof F as F[K]['optional'] extends true ? K : never]?: Infer<F[K]['spec']>;
  }
>;

/** The TypeScript type of values a declaration accepts. */
export type Infer<S> = S extends NumberSpec
  ? number
  : S extends BooleanSpec
    ? boolean
    : S extends EnumSpec<infer V>
      ? V
      : S extends StringSpec
        ? string
        : S extends ArraySpec<infer I>
          ? Infer<I>[]
          : S extends ObjectSpec<infer F>
            ? InferFields<F>
            : S extends RecordSpec<infer V>
              ? Record<string, Infer<V>>
              : S extends UnionSpec<infer T, infer V>
                ? { [K in keyof V]: Simplify<{ [P in T]: K } & InferFields<V[K]>> }[keyof V]
                : never;

// ---- formats -------------------------------------------------------------------------------

const ID = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
/** The JSON Schema patterns of the string formats (the validator uses the same tests). */
export const FORMAT_PATTERNS = {
  id: ID.source,
  ip: '^(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}$',
  cidr: '^(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}/([89]|[12]\\d|30)$',
} as const;

/** The issue code of a string that breaks its format. */
export const FORMAT_CODE = { id: 'expectedId', ip: 'expectedIp', cidr: 'expectedCidr' } as const;

/** Does `v` have the string format? (The same tests as FORMAT_PATTERNS, without regex for IPs.) */
export function formatOk(format: StringSpec['format'], v: string): boolean {
  if (format === 'id') return ID.test(v);
  if (format === 'ip') return isDottedIp(v);
  return parseCidr(v) !== null;
}

// ---- walking the declaration ------------------------------------------------------------------

/** Dotted path of a child: `a.b`, `a[3]`. */
export function joinPath(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Every field with metadata, with its dotted path (objects only; arrays and unions stop the walk). */
export function fieldsWithMeta(spec: Spec, path = ''): Array<{ path: string; field: Field }> {
  if (spec.kind !== 'object') return [];
  const out: Array<{ path: string; field: Field }> = [];
  for (const [k, f] of Object.entries(spec.fields)) {
    const p = joinPath(path, k);
    if (f.meta) out.push({ path: p, field: f });
    out.push(...fieldsWithMeta(f.spec, p));
  }
  return out;
}

/** The declaration of the field at a dotted path (objects only), or undefined. */
export function specAt(spec: Spec, path: string): Spec | undefined {
  let s: Spec | undefined = spec;
  for (const k of path.split('.')) {
    if (!s || s.kind !== 'object') return undefined;
    s = own(s.fields, k) ? s.fields[k]?.spec : undefined;
  }
  return s;
}

/** The value at a dotted path of a validated scenario (objects only). */
export function valueAt(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const k of path.split('.')) {
    if (typeof v !== 'object' || v === null || !Object.prototype.hasOwnProperty.call(v, k))
      return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}
