import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/cli/output';
import { runScenario } from '../../src/sim';

/** The CLI page shows real output; this keeps the example in step with the engine. */
describe.each(['en', 'de'])('the CLI page (%s)', (lang) => {
  const mdx = fs.readFileSync(
    path.resolve(__dirname, `../../content/pages/${lang}/cli.mdx`),
    'utf8',
  );
  const block = /```json title="npm run simulate -- ([^"]+?) --json[^"]*"\n([\s\S]*?)\n```/.exec(
    mdx,
  );

  it('has a JSON example whose numbers are what the engine prints', () => {
    expect(block).not.toBeNull();
    const [, id = '', json = ''] = block ?? [];
    const doc = JSON.parse(json) as {
      seed: number;
      summary: Record<string, unknown> & {
        podShare: Record<string, number>;
        nodes: Record<string, unknown>;
      };
      connections: Array<{ id: number }>;
    };
    const run = runScenario(id, { seed: doc.seed });
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    const actual = toJson(run.result) as typeof doc;
    for (const key of ['connections', 'succeeded', 'failed', 'clientIpPreserved', 'disruption']) {
      expect(doc.summary[key], key).toEqual(actual.summary[key]);
    }
    for (const [pod, share] of Object.entries(doc.summary.podShare))
      expect(share, pod).toBe(actual.summary.podShare[pod]);
    for (const [node, v] of Object.entries(doc.summary.nodes))
      expect(v, node).toEqual(actual.summary.nodes[node]);
    for (const c of doc.connections)
      expect(c).toEqual(actual.connections.find((a) => a.id === c.id));
  });
});
