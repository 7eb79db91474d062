/** The sample dumps' texts, as their own lazy chunk (the page loads them on a sample button). */
import { samples, type SampleId } from '../importer/samples/index.ts';

/** A sample dump's text ('' for an unknown id). */
export function sampleText(id: SampleId): string {
  return samples.find((s) => s.id === id)?.text ?? '';
}
