import { describe, expect, it } from 'vitest';
import { runScenario, scenarioIds } from '../../src/sim/index';
import { narrate } from '../../src/islands/flow/narrate';
import { toSteps } from '../../src/islands/flow/steps';
import { eventText } from '../../src/islands/flow/EventLog';
import { makeTr } from '../../src/islands/flow/tr';

describe('narration', () => {
  it('explains the DNAT + MASQUERADE hop as the issue asks', () => {
    // A load balancer that rewrites to the nodePort (Azure keeps the VIP).
    const r = runScenario('cluster-snat', { overrides: { 'loadBalancer.delivery': 'nodePort' } });
    if (!r.ok) throw new Error('run failed');
    const step = toSteps(r.result.featured)[1];
    if (!step) throw new Error('no step 2');
    expect(narrate(makeTr('en'), r.result.resolved, step.hop)).toContain(
      'node-1 rewrites the destination 198.51.100.11:30080 to pod-c 10.244.3.9:8080 (KUBE-SEP DNAT) and the source to 198.51.100.11:',
    );
  });

  for (const lang of ['en', 'de'] as const) {
    it(`every step and event of every scenario reads as a sentence (${lang})`, () => {
      const tr = makeTr(lang);
      for (const id of scenarioIds) {
        const r = runScenario(id);
        if (!r.ok) throw new Error(`${id} failed`);
        const texts = [
          ...toSteps(r.result.featured).map((s) => narrate(tr, r.result.resolved, s.hop)),
          ...r.result.events.slice(0, 200).map((e) => eventText(tr, e)),
        ];
        for (const text of texts) {
          expect(text, `${id}: ${text}`).not.toMatch(/\{\{|undefined|diagram\.|reason\.|event\./);
          expect(text.length).toBeGreaterThan(10);
        }
      }
    });
  }
});
