import { describe, expect, it } from 'vitest';
import { checkDiagram } from '../../../src/components/diagram/diagramProps';
import { issueAllowed, issueReceived } from '../../../src/i18n/issueParts';

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
    expect(d.propIssues.map((i) => i.path)).toEqual([
      'scenario',
      'controls',
      'set masquerade',
      'chrome',
    ]);
    // Worded by `diagram.error.prop` with what is allowed and what was given.
    expect(issueAllowed(d.propIssues[0] ?? { path: '', code: 'required' })).toContain(
      'cluster-snat',
    );
    expect(d.propIssues.map((i) => issueReceived(i))).toEqual([
      'cluster-snap',
      'polcy',
      'nope',
      'huge',
    ]);
  });
});
