import type { ConnectionRecord } from '../../src/sim/types.ts';
import type { LabConnection } from '../../src/lab/compare.ts';

/** `n` engine connection records, all served by pod-a through node-1, changed per index by `f`. */
export const eng = (n: number, f: (i: number) => Partial<ConnectionRecord>): ConnectionRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    at: i,
    client: 'client-1',
    clientAddr: { ip: '192.0.2.10', port: 40000 + i },
    ingressNode: 'node-1',
    pod: 'pod-a',
    podNode: 'node-1',
    sourceSeenByPod: '198.51.100.129',
    clientSeenByApp: '198.51.100.129',
    clientSeenVia: 'ipHeader',
    outcome: 'ok',
    reason: 'served',
    ...f(i),
  }));
/** `n` kernel connections to match, changed per index by `f`. */
export const lab = (n: number, f: (i: number) => Partial<LabConnection>): LabConnection[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    client: 'client-1',
    ingressNode: 'node-1',
    direct: false,
    kind: 'ok',
    pod: 'pod-a',
    src: '198.51.100.129',
    ...f(i),
  }));
