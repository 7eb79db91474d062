/**
 * Module worker for the your-cluster page: the import and the engine runs (seconds for a
 * 200-node cluster) happen here, so the page stays responsive; results are plain data.
 */
import { analyzeScenario, analyzeText, whatIfOutcome } from './analyze.ts';
import type { AnalyzeRequest, AnalyzeResponse } from './jobs.ts';

addEventListener('message', (e: MessageEvent<AnalyzeRequest>) => {
  const req = e.data;
  let response: AnalyzeResponse;
  try {
    if (req.op === 'text')
      response = {
        id: req.id,
        op: 'text',
        result: analyzeText(req.text, req.options, (p) =>
          postMessage({ id: req.id, op: 'progress', ...p } satisfies AnalyzeResponse),
        ),
      };
    else if (req.op === 'scenario')
      response = {
        id: req.id,
        op: 'scenario',
        result: analyzeScenario(req.scenario, req.meta, null),
      };
    else
      response = {
        id: req.id,
        op: 'whatIf',
        result: whatIfOutcome(req.scenario, req.meta, req.choices),
      };
  } catch {
    response = { id: req.id, op: 'failed' };
  }
  postMessage(response);
});
