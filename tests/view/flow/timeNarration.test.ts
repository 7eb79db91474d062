import { describe, expect, it } from 'vitest';
import { runForDiagram } from '../../../src/view/flow/run';
import { narrationAt } from '../../../src/view/flow/diagramView';
import { allTimeNarrations, timeNarration } from '../../../src/view/flow/timeNarration';
import { makeTr } from '../../../src/view/flow/tr';

/** A run over time says what is on screen, not the last hop of its first connection. */
describe('timeNarration', () => {
  const out = runForDiagram('drain-local-hcnp', {});
  if (!out.ok) throw new Error('drain-local-hcnp');
  const { run } = out;
  const tr = makeTr('en');

  it('tells the packets while they travel', () => {
    const lastHop = run.steps.at(-1)?.hop.at ?? 0;
    expect(lastHop).toBeLessThan(1);
    expect(timeNarration(tr, run.steps, run.result.events, lastHop)).toBeNull();
  });

  it('at t = 75 s tells the last change before it, which the picture shows', () => {
    const text = timeNarration(tr, run.steps, run.result.events, 75) ?? '';
    // The old caption: the first connection's last hop from t ≈ 0.
    expect(text).not.toBe(narrationAt(tr, run.steps.length, []));
    const last = run.result.events
      .filter((e) => e.type !== 'probe.result' && e.type !== 'connection.failed' && e.at <= 75)
      .at(-1);
    expect(last).toBeDefined();
    expect(text).toMatch(/^Last change, at [\d.]+\u00a0s: /);
    expect(text).toContain(`${(last?.at ?? 0).toFixed(1)}\u00a0s`);
    expect(text).toContain(last && 'node' in last ? String(last.node) : '');
  });

  it('before anything changed, says so; in German too', () => {
    const de = timeNarration(makeTr('de'), run.steps, run.result.events, 3);
    expect(de).toBe(makeTr('de')('diagram.narr.noChangeYet'));
    expect(allTimeNarrations(tr, run.result.events).length).toBeGreaterThan(3);
  });
});
