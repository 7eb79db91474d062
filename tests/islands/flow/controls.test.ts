import { describe, expect, it } from 'vitest';
import { controlValues, controlKey } from '../../../src/islands/flow/WhatIf';
import { applies, currentValue, getScenario } from '../../../src/sim/index';
import { controlIds } from '../../../src/sim/controls';
import { CONTROL_ORDER } from '../../../src/sim/params';

const s = (id: string) => {
  const x = getScenario(id);
  if (!x) throw new Error(id);
  return x;
};

describe('what-if controls come from the parameter declaration', () => {
  it('every control edits a key, offers values or a range, and reads the scenario', () => {
    const scenario = s('local');
    for (const id of controlIds) {
      const k = controlKey(id);
      if (!k) throw new Error(`control ${id} edits no key`);
      expect(k.control).toBe(id);
      // A stepper has a range; a select offers the value in force among its choices.
      if (k.controlRange) expect(k.controlRange[0]).toBeLessThan(k.controlRange[1]);
      else expect(controlValues(k, scenario)).toContain(currentValue(k, scenario));
    }
  });
  it('shows the controls in the toolbar order', () => {
    const ranked = controlIds.map((id) => (CONTROL_ORDER as readonly string[]).indexOf(id));
    expect(ranked.every((r, i) => r >= 0 && (i === 0 || r > (ranked[i - 1] ?? -1)))).toBe(true);
    expect(controlIds.slice(0, 3)).toEqual(['policy', 'snat', 'replicas']);
  });
  it('offers a drain of the scenario’s own nodes, and starts at none', () => {
    const k = controlKey('drain');
    if (!k) throw new Error('no drain control');
    expect(controlValues(k, s('cluster-snat'))).toEqual(['none', 'node-1', 'node-2', 'node-3']);
    expect(currentValue(k, s('cluster-snat'))).toBe('none');
    expect(currentValue(k, s('drain-cluster-nodeport-probe'))).toBe('node-1');
  });
  it('SNAT has no effect under Local, so the control reads off there', () => {
    const k = controlKey('snat');
    if (!k) throw new Error('no snat control');
    expect(applies(k, s('cluster-snat'))).toBe(true);
    expect(applies(k, s('local'))).toBe(false);
  });
  it('offers the healthCheckNodePort probe only under Local', () => {
    const k = controlKey('probe');
    if (!k) throw new Error('no probe control');
    expect(controlValues(k, s('cluster-snat'))).not.toContain('httpHealthCheckNodePort');
    expect(controlValues(k, s('local'))).toContain('httpHealthCheckNodePort');
  });
  it('reads generated placement and explicit pods alike', () => {
    const r = controlKey('replicas');
    const p = controlKey('placement');
    if (!r || !p) throw new Error('missing');
    expect(currentValue(r, s('cluster-snat'))).toBe('3');
    expect(currentValue(p, s('cluster-snat'))).toBe('none');
    expect(currentValue(p, s('local-spread'))).toBe('topologySpread');
    expect(r.controlRange).toEqual([1, 12]);
  });
});
