/**
 * A run's result: the public `SimResult` fields plus, in private fields, the columns and rule
 * sets it was computed from. The connection records are built from the columns on first use (a
 * million-connection run that only needs its summary never allocates a million objects), and
 * traces are rebuilt from the rule sets on demand.
 *
 * The private state stays in this process: a structured clone (a worker's message) or JSON keeps
 * the public data only. `toJSON` writes the records; after a clone, `internalOf` and
 * `connectionColumns` are undefined and callers run the scenario again (it is deterministic).
 */
import type { Columns } from './columns.ts';
import type { NodeDataPath } from './dataPath.ts';
import type {
  ConnectionRecord,
  ConnectionTrace,
  Scenario,
  SimEvent,
  SimResult,
  Summary,
} from './types.ts';

/** What a simulation keeps besides its public result, so traces can be rebuilt lazily. */
export interface SimInternal {
  scenario: Scenario;
  rulesets: NodeDataPath[];
  rulesetOf: Int32Array;
  endpointOf: Int32Array;
}

/** The public fields a run computes up front (records come later, from the columns). */
export interface SimRunFields {
  scenario: string;
  seed: number;
  resolved: Scenario;
  summary: Summary;
  events: SimEvent[];
  initialLbRotation: Record<string, boolean>;
}

/** A result computed in this process: `connections` built lazily from its columns. */
export class SimRun implements SimResult {
  readonly scenario: string;
  readonly seed: number;
  readonly resolved: Scenario;
  readonly summary: Summary;
  readonly events: SimEvent[];
  featured: ConnectionTrace[] = [];
  readonly initialLbRotation: Record<string, boolean>;
  readonly #columns: Columns;
  readonly #internal: SimInternal;
  readonly #record: (i: number) => ConnectionRecord;
  #records: ConnectionRecord[] | null = null;

  constructor(
    fields: SimRunFields,
    columns: Columns,
    internal: SimInternal,
    record: (i: number) => ConnectionRecord,
  ) {
    this.scenario = fields.scenario;
    this.seed = fields.seed;
    this.resolved = fields.resolved;
    this.summary = fields.summary;
    this.events = fields.events;
    this.initialLbRotation = fields.initialLbRotation;
    this.#columns = columns;
    this.#internal = internal;
    this.#record = record;
  }

  /** Every connection's record, built on first use (the CLI's --json, the diagram's charts). */
  get connections(): ConnectionRecord[] {
    if (!this.#records)
      this.#records = Array.from({ length: this.#columns.count }, (_, i) => this.#record(i));
    return this.#records;
  }

  /** The columns the records are built from. */
  get columns(): Columns {
    return this.#columns;
  }

  /** The rule sets and per-connection indices traces are rebuilt from. */
  get internal(): SimInternal {
    return this.#internal;
  }

  /** The plain `SimResult`, records included (what `JSON.stringify` writes). */
  toJSON(): SimResult {
    return {
      scenario: this.scenario,
      seed: this.seed,
      resolved: this.resolved,
      summary: this.summary,
      connections: this.connections,
      events: this.events,
      featured: this.featured,
      initialLbRotation: this.initialLbRotation,
    };
  }
}

/** The internal data of a result computed in this process (undefined after cloning). */
export function internalOf(result: SimResult): SimInternal | undefined {
  return result instanceof SimRun ? result.internal : undefined;
}

/** The columns of a result computed in this process (undefined after cloning). */
export function connectionColumns(result: SimResult): Columns | undefined {
  return result instanceof SimRun ? result.columns : undefined;
}
