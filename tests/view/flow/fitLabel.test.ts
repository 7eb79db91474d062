/**
 * Names that fit: real node and Pod names of the four clouds' naming schemes, up to 63
 * characters, are shortened in the middle to their box's width and keep the distinguishing end;
 * toFlow gives every box a label that fits it at the widest font (DejaVu Sans Bold).
 */
import { describe, expect, it } from 'vitest';
import { fitLabel, textEm } from '../../../src/view/flow/fitLabel';
import { toFlow } from '../../../src/islands/flow/toFlow';
import { shopScenario } from '../../../src/sim/scenarios/common';

const NAMES = [
  'aks-nodepool1-12345678-vmss000000',
  'ip-10-0-1-23.eu-west-1.compute.internal',
  'gke-prod-pool-1-8f3a2b1c-z1z1',
  'k3s-agent-2',
  'web-6d8f7c9b5-abcde',
  'storefront-recommendations-engine-canary-green-5d8f7c9b6d-x2k4q',
];

describe('fitLabel', () => {
  it('leaves a name that fits alone', () => {
    expect(fitLabel('k3s-agent-2', 20)).toBe('k3s-agent-2');
    expect(fitLabel('node-1', textEm('node-1'))).toBe('node-1');
  });
  it.each(NAMES)('shortens %s to the room and keeps its end', (name) => {
    for (const room of [6, 9, 12, 16]) {
      const short = fitLabel(name, room);
      expect(textEm(short)).toBeLessThanOrEqual(room);
      if (short === name) continue;
      expect(short).toContain('…');
      // The start and the end of the real name, nothing invented.
      const [head = '', end = ''] = short.split('…');
      expect(name.startsWith(head)).toBe(true);
      expect(name.endsWith(end)).toBe(true);
    }
  });
  it('keeps the last segment whole where it fits: the part that tells Pods and nodes apart', () => {
    expect(fitLabel('aks-nodepool1-12345678-vmss000000', 14)).toMatch(/-vmss000000$/);
    expect(fitLabel('gke-prod-pool-1-8f3a2b1c-z1z1', 9)).toMatch(/…-z1z1$/);
    expect(fitLabel('web-6d8f7c9b5-abcde', 8)).toMatch(/-abcde$/);
  });
});

describe('toFlow labels', () => {
  it('every node and Pod label fits its box at 1280 and at phone width', () => {
    const s = shopScenario('long', 'Local', 'azure', {
      pods: [],
      traffic: { rate: 1, duration: 1, connectTimeout: 21 },
      featuredSelectors: [],
    });
    const ids = [
      'aks-nodepool1-12345678-vmss000000',
      'gke-prod-pool-1-8f3a2b1c-z1z1',
      'ip-10-0-1-23',
    ];
    s.nodes = s.nodes.map((n, i) => ({ ...n, id: ids[i] ?? n.id }));
    s.pods = s.nodes.map((n, i) => ({ id: `${NAMES[5]?.slice(0, 57)}-p${i}`, node: n.id }));
    for (const width of [606, 320]) {
      const layout = toFlow(s, width);
      for (const n of layout.nodes) {
        if (n.data.kind !== 'node' && n.data.kind !== 'pod') continue;
        const shown = n.data.short ?? n.data.label;
        const place = 0.95 * 14 * layout.scale;
        const font = n.data.kind === 'node' ? 1.05 * place : place;
        // The label and the icon fit inside the box's padding.
        expect(textEm(shown) * font + 1.3 * place).toBeLessThan((n.width ?? 0) - place);
        if (shown !== n.data.label) expect(n.data.label).toBe(n.data.label.trim());
      }
    }
  });
});
