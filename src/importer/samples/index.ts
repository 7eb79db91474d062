/**
 * Three sample dumps, exactly as `kubectl get svc,endpointslices,pods,nodes -o yaml` prints
 * them, with documentation addresses only (nodes 198.51.100.0/24, Pods 10.244.0.0/16, load
 * balancers 203.0.113.0/24). Imported as text (Vite `?raw`), so a page can offer them to paste;
 * titles and descriptions are the i18n keys `importer.sample.<id>.title|description`.
 */
import aksCluster from './aks-cluster.yaml?raw';
import eksDrain from './eks-drain.yaml?raw';
import gkeLocal from './gke-local.yaml?raw';

export const SAMPLE_IDS = ['aks-cluster', 'gke-local', 'eks-drain'] as const;
export type SampleId = (typeof SAMPLE_IDS)[number];

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
