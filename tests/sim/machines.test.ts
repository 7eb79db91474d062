import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { lbBackendMachine } from '../../src/sim/machines/lbBackendMachine.ts';
import { nodeMachine } from '../../src/sim/machines/nodeMachine.ts';
import { endpointOf, podMachine } from '../../src/sim/machines/podMachine.ts';

const key = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => `${k}.${key(x)}`)
        .join();
const reached = (paths: Array<{ state: { value: unknown } }>): Set<string> =>
  new Set(paths.map((p) => key(p.state.value)));
const NODE_INPUT = { regularPhase: 20, graceful: true, osShutdown: 3, boot: 30 };
const POD_INPUT = { preStop: 5, appShutdown: 0, servesWhileTerminating: true };

describe('lifecycle machines (xstate/graph)', () => {
  const nodeEvents = [
    { type: 'CORDON' },
    { type: 'UNCORDON' },
    { type: 'TAINT' },
    { type: 'SHUTDOWN' },
    { type: 'REGULAR_PODS_GONE' },
    { type: 'TIMER', timer: 'regularPhase' },
    { type: 'TIMER', timer: 'osShutdown' },
    { type: 'TIMER', timer: 'boot' },
    { type: 'STOP_KUBE_PROXY' },
    { type: 'START_KUBE_PROXY' },
    { type: 'POWER_OFF' },
    { type: 'POWER_ON' },
  ] as const;

  it('nodeMachine reaches every state; offline means no forwarding and no kube-proxy', () => {
    const paths = getShortestPaths(nodeMachine, {
      input: NODE_INPUT,
      events: [...nodeEvents],
      serializeState: (s) => `${key(s.value)}:${s.context.cordoned}:${s.context.tainted}`,
    });
    expect(reached(paths)).toEqual(
      new Set([
        'up',
        'proxyStopped',
        'shuttingDown.regularPods',
        'shuttingDown.osShutdown',
        'offline',
        'booting',
      ]),
    );
    for (const p of paths) {
      const c = p.state.context;
      if (p.state.matches('offline') || p.state.matches('booting'))
        expect([c.forwarding, c.kubeProxyRunning]).toEqual([false, false]);
      // Once the kubelet let go, kube-proxy is gone but the kernel's rules still forward.
      if (p.state.matches({ shuttingDown: 'osShutdown' }))
        expect([c.forwarding, c.kubeProxyRunning]).toEqual([true, false]);
    }
  });

  it('graceful shutdown: phases are upper bounds, and the machine asks for each effect', () => {
    let [snap] = initialTransition(nodeMachine, NODE_INPUT);
    let actions;
    [snap, actions] = transition(nodeMachine, snap, { type: 'SHUTDOWN' });
    expect(actions.map((a) => [a.type, a.params])).toEqual([
      ['reportShuttingDown', undefined],
      ['killPods', { grace: 20 }],
      ['startTimer', { timer: 'regularPhase', after: 20 }],
    ]);
    // The regular group's Pods are gone after 4 s: the kubelet does not wait out the 20 s.
    [snap, actions] = transition(nodeMachine, snap, { type: 'REGULAR_PODS_GONE' });
    expect(snap.value).toEqual({ shuttingDown: 'osShutdown' });
    expect(snap.context.kubeProxyRunning).toBe(false);
    expect(actions.map((a) => a.type)).toEqual(['announceKubeProxyStopped', 'startTimer']);
    expect(actions[1]?.params).toEqual({ timer: 'osShutdown', after: 3 });
    [snap, actions] = transition(nodeMachine, snap, { type: 'TIMER', timer: 'osShutdown' });
    expect(snap.value).toBe('offline');
    expect(actions.map((a) => a.type)).toEqual(['announceOffline']);
  });

  it('without graceful node shutdown nothing is reported: containers stop, the OS shuts down', () => {
    const [start] = initialTransition(nodeMachine, { ...NODE_INPUT, graceful: false });
    const [snap, actions] = transition(nodeMachine, start, { type: 'SHUTDOWN' });
    expect(actions.map((a) => a.type)).toEqual([
      'announceKubeProxyStopped',
      'stopContainers',
      'startTimer',
    ]);
    expect(snap.value).toEqual({ shuttingDown: 'osShutdown' });
  });

  it('a node that was cordoned and tainted comes back cordoned, without the taint', () => {
    let [snap] = initialTransition(nodeMachine, NODE_INPUT);
    for (const e of [
      { type: 'CORDON' },
      { type: 'TAINT' },
      { type: 'POWER_OFF' },
      { type: 'POWER_ON' },
      { type: 'TIMER', timer: 'boot' },
    ] as const)
      [snap] = transition(nodeMachine, snap, e);
    expect(snap.value).toBe('up');
    expect(snap.context).toMatchObject({
      cordoned: true,
      tainted: false,
      forwarding: true,
      kubeProxyRunning: true,
    });
  });

  it('podMachine: an eviction marks the endpoint terminating, a shutdown kill does not', () => {
    const events = [
      { type: 'START' },
      { type: 'EVICT', grace: 30, readinessDelay: 25 },
      { type: 'KILL', grace: 20, readinessDelay: 25 },
      { type: 'TIMER', timer: 'sigterm' },
      { type: 'TIMER', timer: 'exit' },
      { type: 'TIMER', timer: 'notServing' },
      { type: 'TIMER', timer: 'sigkill' },
      { type: 'NODE_NOT_READY' },
      { type: 'NODE_DOWN' },
      { type: 'NODE_UP' },
    ] as const;
    const paths = getShortestPaths(podMachine, {
      input: POD_INPUT,
      events: [...events],
      serializeState: (s) => `${key(s.value)}:${s.context.deleted}:${s.context.markedNotReady}`,
    });
    expect(reached(paths)).toEqual(
      new Set([
        'pending',
        'running',
        'down',
        'stopping.preStop',
        'stopping.afterSigterm',
        'exited',
      ]),
    );
    for (const p of paths) {
      const ep = endpointOf(p.state.context);
      if (p.state.matches('exited')) expect([p.state.context.alive, ep]).toEqual([false, null]);
      const viaEvict = p.steps.some((st) => st.event.type === 'EVICT');
      if (p.state.matches('stopping') && !p.state.context.markedNotReady)
        expect(ep).toEqual(
          viaEvict
            ? { ready: false, serving: true, terminating: true }
            : { ready: true, serving: true, terminating: false },
        );
    }
    // The node lifecycle controller's mark makes a killed Pod's endpoint not ready, not terminating.
    let [snap] = initialTransition(podMachine, POD_INPUT);
    for (const e of [
      { type: 'START' },
      { type: 'KILL', grace: 20, readinessDelay: 25 },
      { type: 'NODE_NOT_READY' },
    ] as const)
      [snap] = transition(podMachine, snap, e);
    expect(endpointOf(snap.context)).toEqual({ ready: false, serving: false, terminating: false });
  });

  it('an app that fails readiness on SIGTERM turns not serving only when the kubelet sees it', () => {
    let [snap] = initialTransition(podMachine, {
      ...POD_INPUT,
      servesWhileTerminating: false,
      appShutdown: 40,
    });
    [snap] = transition(podMachine, snap, { type: 'START' });
    [snap] = transition(podMachine, snap, { type: 'EVICT', grace: 60, readinessDelay: 25 });
    const [afterSigterm, actions] = transition(podMachine, snap, {
      type: 'TIMER',
      timer: 'sigterm',
    });
    snap = afterSigterm;
    expect(actions.map((a) => a.params)).toEqual([
      { timer: 'exit', after: 40 },
      { timer: 'notServing', after: 25 },
    ]);
    expect(endpointOf(snap.context)?.serving).toBe(true);
    [snap] = transition(podMachine, snap, { type: 'TIMER', timer: 'notServing' });
    expect(endpointOf(snap.context)).toEqual({ ready: false, serving: false, terminating: true });
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
    const [next, actions] = transition(lbBackendMachine, snap, { type: 'PROBE_FAIL' });
    expect(next.value).toBe('unhealthy');
    expect(actions.map((a) => a.type)).toEqual(['announceDown']);
    const [down0] = initialTransition(lbBackendMachine, { ...input, initiallyHealthy: false });
    expect(down0.value).toBe('unhealthy');
    // A deregistered target stays out whatever its probes say.
    let [gone] = transition(lbBackendMachine, snap, { type: 'DEREGISTER' });
    [gone] = transition(lbBackendMachine, gone, { type: 'PROBE_OK' });
    expect(gone.value).toBe('deregistered');
  });
});
