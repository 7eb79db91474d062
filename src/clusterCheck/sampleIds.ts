/**
 * The sample dumps' ids and the i18n keys of their titles, free of the texts (the page's bundle
 * names them; the texts load with the first sample button, samples.ts).
 */
export const SAMPLE_IDS = ['aks-cluster', 'gke-local', 'eks-drain'] as const;
export type SampleId = (typeof SAMPLE_IDS)[number];

/** A sample button: id plus its server-translated title and description. */
export interface SampleLabel {
  id: SampleId;
  title: string;
  description: string;
}
