/** Shared helpers for the importer tests: a small base cluster and object surgery. */
import { expect } from 'vitest';
import {
  importKubectl,
  type ImportOptions,
  type ImportReport,
  type ReportCode,
  type ReportItem,
} from '../../src/importer/index.ts';
import type { Scenario } from '../../src/sim/index.ts';
import { dumpObjects, toKubectlYaml, type DumpDef } from './dump.ts';

type Obj = Record<string, unknown>;

/** Three nodes, one LoadBalancer Service "shop" with three Pods (one per node), Azure. */
export function baseDef(overrides: Partial<DumpDef> = {}): DumpDef {
  const nodes = [0, 1, 2].map((i) => ({
    name: `node-${i + 1}`,
    ip: `198.51.100.${11 + i}`,
    podCidr: `10.244.${i + 1}.0/24`,
    providerId: `azure:///subscriptions/0/resourceGroups/rg/providers/Microsoft.Compute/virtualMachineScaleSets/pool/virtualMachines/${i}`,
  }));
  return {
    services: [
      {
        name: 'shop',
        namespace: 'default',
        policy: 'Cluster',
        ports: [{ name: 'http', port: 80, targetPort: 8080, nodePort: 30080 }],
        lbIp: '203.0.113.100',
        selector: { app: 'shop' },
      },
    ],
    pods: {
      shop: [
        { name: 'shop-7d9c6b5f4-aaaaa', node: 'node-1', ip: '10.244.1.5' },
        { name: 'shop-7d9c6b5f4-bbbbb', node: 'node-2', ip: '10.244.2.7' },
        { name: 'shop-7d9c6b5f4-ccccc', node: 'node-3', ip: '10.244.3.9' },
      ],
    },
    nodes,
    ...overrides,
  };
}

/** The dump's objects, for surgery before printing. */
export const objectsOf = (def: DumpDef): Obj[] => dumpObjects(def);

/** The first object of a kind (optionally with a name). */
export function find(objects: Obj[], kind: string, name?: string): Obj {
  const o = objects.find(
    (x) =>
      x['kind'] === kind &&
      (name === undefined || (x['metadata'] as Obj | undefined)?.['name'] === name),
  );
  if (!o) throw new Error(`no ${kind} ${name ?? ''}`);
  return o;
}

/** Set a nested field, creating objects on the way (for test surgery only). */
export function set(o: Obj, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur: Obj = o;
  for (const k of keys.slice(0, -1)) {
    if (typeof cur[k] !== 'object' || cur[k] === null) cur[k] = {};
    cur = cur[k] as Obj;
  }
  const last = keys.at(-1) ?? '';
  if (value === undefined) Reflect.deleteProperty(cur, last);
  else cur[last] = value;
}

/** Import objects printed as kubectl YAML; fails the test when the import fails. */
export function importOk(
  objects: Obj[],
  options: ImportOptions = {},
): { scenario: Scenario; report: ImportReport } {
  const r = importKubectl(toKubectlYaml(objects), options);
  if (!r.ok) throw new Error(`import failed: ${JSON.stringify(r.issues)}`);
  return r;
}

/** Import objects and expect failure; returns the issues. */
export function importFails(objects: Obj[] | string, options: ImportOptions = {}): ReportItem[] {
  const r = importKubectl(typeof objects === 'string' ? objects : toKubectlYaml(objects), options);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.issues;
}

/** The report items with a code. */
export const items = (report: ImportReport, code: ReportCode): ReportItem[] =>
  report.items.filter((i) => i.code === code);

/** The codes of a report (or issue list), for `toContain` checks. */
export const codes = (list: ImportReport | ReportItem[]): ReportCode[] =>
  (Array.isArray(list) ? list : list.items).map((i) => i.code);
