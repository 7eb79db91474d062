import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { connectionMachine } from '../../src/sim/machines/connectionMachine.ts';
import { lbBackendMachine } from '../../src/sim/machines/lbBackendMachine.ts';
import { nodeMachine } from '../../src/sim/machines/nodeMachine.ts';
import { podMachine } from '../../src/sim/machines/podMachine.ts';

const reached = (paths: Array<{ state: { value: unknown } }>): Set<string> =>
  new Set(paths.map((p) => String(p.state.value)));

describe('lifecycle machines (xstate/graph)', () => {
  it('nodeMachine reaches every state; offline always means no forwarding and no kube-proxy', () => {
    const paths = [
      ...getShortestPaths(nodeMachine, {
        events: [
          { type: 'CORDON' },
          { type: 'UNCORDON' },
          { type: 'SHUTDOWN' },
          { type: 'KUBE_PROXY_STOP' },
          { type: 'POWER_OFF' },
          { type: 'POWER_ON' },
          { type: 'BOOTED' },
          { type: 'TAINT' },
        ],
      }),
      // Every simple path of the shutdown/boot cycle (cordon toggles left out to keep it finite).
      ...getSimplePaths(nodeMachine, {
        events: [
          { type: 'SHUTDOWN' },
          { type: 'KUBE_PROXY_STOP' },
          { type: 'POWER_OFF' },
          { type: 'POWER_ON' },
          { type: 'BOOTED' },
        ],
      }),
    ];
    expect(reached(paths)).toEqual(
      new Set(['ready', 'cordoned', 'shuttingDown', 'offline', 'booting']),
    );
    for (const p of paths) {
      const c = p.state.context;
      if (p.state.value === 'offline' || p.state.value === 'booting')
        expect([c.forwarding, c.kubeProxyRunning]).toEqual([false, false]);
      // kube-proxy only stops during shutdown: while forwarding, frozen rules keep working.
      if (!c.kubeProxyRunning && p.state.value === 'shuttingDown') expect(c.forwarding).toBe(true);
    }
    // A node that was cordoned comes back cordoned (spec.unschedulable survives a reboot).
    let [snap] = initialTransition(nodeMachine);
    for (const type of ['CORDON', 'POWER_OFF', 'POWER_ON', 'BOOTED'] as const)
      [snap] = transition(nodeMachine, snap, { type });
    expect(snap.value).toBe('cordoned');
    expect(snap.context).toMatchObject({ forwarding: true, kubeProxyRunning: true });
  });

  it('podMachine: terminating(serving) only via DELETE with servesWhileTerminating', () => {
    const paths = getShortestPaths(podMachine, {
      events: [
        { type: 'START' },
        { type: 'DELETE', servesWhileTerminating: true },
        { type: 'DELETE', servesWhileTerminating: false },
        { type: 'STOP_SERVING' },
        { type: 'EXIT' },
        { type: 'NODE_DOWN' },
        { type: 'NODE_NOT_READY' },
        { type: 'NODE_UP' },
      ],
    });
    expect(reached(paths)).toEqual(
      new Set([
        'pending',
        'ready',
        'terminatingServing',
        'terminatingNotServing',
        'exited',
        'notReady',
      ]),
    );
    const serving = paths.find((p) => p.state.value === 'terminatingServing');
    expect(serving?.steps.at(-1)?.event).toEqual({ type: 'DELETE', servesWhileTerminating: true });
    for (const p of paths)
      if (p.state.value === 'exited') expect(p.state.context.alive).toBe(false);
  });

  it('lbBackendMachine flips only after the thresholds of consecutive results', () => {
    const input = { unhealthyThreshold: 3, healthyThreshold: 2, initiallyHealthy: true };
    const paths = getShortestPaths(lbBackendMachine, {
      input,
      events: [{ type: 'PROBE_OK' }, { type: 'PROBE_FAIL' }],
      serializeState: (s) => `${String(s.value)}:${s.context.streak}`,
    });
    const down = paths.find((p) => p.state.value === 'unhealthy' && p.state.context.streak === 0);
    expect(down?.steps.slice(1).map((s) => s.event.type)).toEqual([
      'PROBE_FAIL',
      'PROBE_FAIL',
      'PROBE_FAIL',
    ]);
    let [snap] = initialTransition(lbBackendMachine, input);
    for (const e of ['PROBE_FAIL', 'PROBE_FAIL', 'PROBE_OK', 'PROBE_FAIL', 'PROBE_FAIL'] as const)
      [snap] = transition(lbBackendMachine, snap, { type: e });
    expect(snap.value).toBe('healthy');
    [snap] = transition(lbBackendMachine, snap, { type: 'PROBE_FAIL' });
    expect(snap.value).toBe('unhealthy');
    const [down0] = initialTransition(lbBackendMachine, { ...input, initiallyHealthy: false });
    expect(down0.value).toBe('unhealthy');
  });

  it('connectionMachine: every final state is reachable and terminal', () => {
    const paths = getShortestPaths(connectionMachine, {
      events: [
        { type: 'SYN_ACK' },
        { type: 'MISMATCHED_SYN_ACK' },
        { type: 'RST' },
        { type: 'DROPPED' },
        { type: 'TIMEOUT' },
        { type: 'CLOSE' },
        { type: 'PATH_DOWN' },
      ],
      // The discard counter is unbounded; states are identified by value alone.
      serializeState: (s) => String(s.value),
    });
    expect(reached(paths)).toEqual(
      new Set(['synSent', 'established', 'closed', 'broken', 'reset', 'timedOut', 'dropped']),
    );
    for (const p of paths)
      if (p.state.value !== 'synSent' && p.state.value !== 'established')
        expect(p.state.status).toBe('done');
  });
});
