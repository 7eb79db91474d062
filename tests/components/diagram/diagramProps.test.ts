import { describe, expect, it } from 'vitest';
import { checkDiagram } from '../../../src/components/diagram/diagramProps';

describe('Diagram attributes', () => {
  it('accepts a valid one-line use and runs the engine once', () => {
    const d = checkDiagram({
      id: 'd1',
      scenario: 'cluster-snat',
      controls: 'policy,snat',
      set: 'masquerade=false',
    });
    expect(d.propIssues).toEqual([]);
    expect(d.controls).toEqual(['policy', 'snat']);
    expect(d.overrides).toEqual({ masquerade: 'false' });
    expect(d.run?.result.resolved.masquerade).toBe(false);
  });

  it('turns author typos into issues instead of throwing', () => {
    const d = checkDiagram({
      scenario: 'cluster-snap',
      controls: 'polcy',
      set: 'masquerade=nope',
      chrome: 'huge',
    });
    expect(d.run).toBeNull();
    expect(d.propIssues.map((i) => i.param)).toEqual([
      'scenario',
      'controls',
      'set masquerade',
      'chrome',
    ]);
    expect(d.propIssues[0]?.allowed).toContain('cluster-snat');
  });
});
