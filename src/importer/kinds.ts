/**
 * The first stage of an import: a dump's objects sorted by kind into typed views. Only the
 * core kinds the importer reads are kept; Secrets are counted and never read, every other kind
 * is counted as ignored.
 */
import { toService, type ServiceView } from './objects.ts';
import type { RawObject } from './parse.ts';
import { toNode, toPod, type NodeView, type PodView } from './podNodeObjects.ts';
import type { ReportBuilder } from './report.ts';

/** The objects of a dump the importer reads, by kind (slices and Endpoints stay raw). */
export interface DumpIndex {
  services: ServiceView[];
  sliceRaws: RawObject[];
  endpointsRaws: RawObject[];
  pods: PodView[];
  nodes: NodeView[];
}

/** Sort the objects by kind, reporting skipped Secrets and ignored kinds. */
export function indexObjects(objects: RawObject[], r: ReportBuilder): DumpIndex {
  const dump: DumpIndex = { services: [], sliceRaws: [], endpointsRaws: [], pods: [], nodes: [] };
  const ignored = new Map<string, number>();
  let secrets = 0;
  for (const raw of objects) {
    const group = raw.apiVersion.split('/')[0] ?? '';
    const core = raw.apiVersion === 'v1';
    if (raw.kind === 'Secret') secrets++;
    else if (raw.kind === 'Service' && core) {
      const s = toService(raw, r);
      if (s) dump.services.push(s);
    } else if (raw.kind === 'EndpointSlice' && group === 'discovery.k8s.io')
      dump.sliceRaws.push(raw);
    else if (raw.kind === 'Endpoints' && core) dump.endpointsRaws.push(raw);
    else if (raw.kind === 'Pod' && core) {
      const p = toPod(raw, r);
      if (p) dump.pods.push(p);
    } else if (raw.kind === 'Node' && core) {
      const n = toNode(raw, r);
      if (n) dump.nodes.push(n);
    } else {
      const kind = /^[A-Z][A-Za-z0-9]{0,62}$/.test(raw.kind) ? raw.kind : '?';
      ignored.set(kind, (ignored.get(kind) ?? 0) + 1);
    }
  }
  if (secrets > 0) r.add('secretsSkipped', { count: secrets });
  for (const [kind, count] of ignored) r.add('kindIgnored', { kind, count });
  return dump;
}
