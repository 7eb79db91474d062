/**
 * Three sample dumps, exactly as `kubectl get svc,endpointslices,pods,nodes -o yaml` prints
 * them, with documentation addresses only (nodes 198.51.100.0/24, Pods 10.244.0.0/16, load
 * balancers 203.0.113.0/24). The texts are data (data/kubectl/samples/), imported as text
 * (Vite `?raw`) into their own lazy chunk, which the page loads on a sample button; titles and
 * descriptions are the i18n keys `importer.sample.<id>.title|description`.
 */
import aksCluster from '../../data/kubectl/samples/aks-cluster.yaml?raw';
import eksDrain from '../../data/kubectl/samples/eks-drain.yaml?raw';
import gkeLocal from '../../data/kubectl/samples/gke-local.yaml?raw';
import { SAMPLE_IDS, type SampleId } from './sampleIds.ts';

export { SAMPLE_IDS, type SampleId } from './sampleIds.ts';

export interface Sample {
  id: SampleId;
  /** The dump's text. */
  text: string;
  titleKey: `importer.sample.${SampleId}.title`;
  descriptionKey: `importer.sample.${SampleId}.description`;
}

const TEXT: Record<SampleId, string> = {
  'aks-cluster': aksCluster,
  'gke-local': gkeLocal,
  'eks-drain': eksDrain,
};

/** The samples in display order. */
export const samples: readonly Sample[] = SAMPLE_IDS.map((id) => ({
  id,
  text: TEXT[id],
  titleKey: `importer.sample.${id}.title`,
  descriptionKey: `importer.sample.${id}.description`,
}));

/** A sample dump's text ('' for an unknown id). */
export function sampleText(id: SampleId): string {
  return TEXT[id] ?? '';
}
