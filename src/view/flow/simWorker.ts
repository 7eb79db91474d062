/**
 * Module worker that runs the engine off the main thread (a drain run simulates 12,000
 * connections, 0.1–1 s of work) and posts back the compact, structured-clone-safe Run.
 */
import { runForDiagram } from './run';
import type { SimRequest, SimResponse } from './runJobs';

addEventListener('message', (e: MessageEvent<SimRequest>) => {
  const { id, scenario, overrides, burst, featureFailure } = e.data;
  const response: SimResponse = {
    id,
    outcome: runForDiagram(scenario, overrides, burst, { featureFailure }),
  };
  postMessage(response);
});
