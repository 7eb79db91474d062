import { assign, setup } from 'xstate';
import { effect, effectList, effectWith, type EffectOf } from './effects.ts';

/**
 * A node's lifecycle, as the kubelet's graceful node shutdown runs it
 * (pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go, processShutdownEvent):
 *
 *   up ⇄ proxyStopped → shuttingDown.regularPods → .criticalPods → .osShutdown → offline
 *   offline → booting → up
 *
 * The phases are upper bounds: the regular group ends when its Pods are gone or its timer runs
 * out, whichever comes first (an empty group is skipped); kube-proxy, a critical Pod, exits on
 * SIGTERM at once; then the kubelet releases its inhibitor lock and the operating system shuts
 * down, forwarding with the rules left in the kernel until the network goes. Without graceful
 * node shutdown (shutdownGracePeriod 0) the kubelet does nothing: the system stops the Pods
 * and kube-proxy with everything else and reports nothing to the API.
 *
 * The machine holds no timers and touches nothing else: its named actions are effects that the
 * scheduler carries out (see lifecycle.ts).
 */
export type NodeEvent =
  | { type: 'CORDON' }
  | { type: 'UNCORDON' }
  | { type: 'TAINT' }
  | { type: 'SHUTDOWN' }
  /** The regular group's Pods have all exited. */
  | { type: 'REGULAR_PODS_GONE' }
  | { type: 'TIMER'; timer: NodeTimer }
  | { type: 'STOP_KUBE_PROXY' }
  | { type: 'START_KUBE_PROXY' }
  | { type: 'POWER_OFF' }
  | { type: 'POWER_ON' };

export type NodeTimer = 'regularPhase' | 'osShutdown' | 'boot';

export interface NodeInput {
  /** shutdownGracePeriod − shutdownGracePeriodCriticalPods, seconds. */
  regularPhase: number;
  /** Graceful node shutdown is on (shutdownGracePeriod > 0). */
  graceful: boolean;
  /** Seconds the operating system keeps the network up after the kubelet let go. */
  osShutdown: number;
  boot: number;
}

export interface NodeContext extends NodeInput {
  cordoned: boolean;
  tainted: boolean;
  /** The kube-proxy process (health servers, rule syncs). */
  kubeProxyRunning: boolean;
  /** The kernel data path: rules stay in place after kube-proxy exits, until power-off. */
  forwarding: boolean;
}

/**
 * The effects a node transition asks for, declared once: the machine's actions, NODE_EFFECTS and
 * NodeEffect derive from this; the lifecycle (nodeEffects.ts) carries them out.
 */
const nodeEffects = {
  startTimer: effectWith<{ timer: NodeTimer; after: number }>(),
  reportShuttingDown: effect,
  killPods: effectWith<{ grace: number }>(),
  stopContainers: effect,
  announceKubeProxyStopped: effect,
  announceKubeProxyStarted: effect,
  announceOffline: effect,
  announceOnline: effect,
  announceBooting: effect,
};

/** The effects a node transition asks for. */
export type NodeEffect = EffectOf<typeof nodeEffects>;
export const NODE_EFFECTS = effectList(nodeEffects);

export const nodeMachine = setup({
  types: { context: {} as NodeContext, events: {} as NodeEvent, input: {} as NodeInput },
  actions: {
    markCordoned: assign({ cordoned: true }),
    markUncordoned: assign({ cordoned: false }),
    markTainted: assign({ tainted: true }),
    stopProxy: assign({ kubeProxyRunning: false }),
    startProxy: assign({ kubeProxyRunning: true }),
    goDark: assign({ kubeProxyRunning: false, forwarding: false }),
    // The Node object's taint goes when the machine comes back (a new lease on life).
    comeUp: assign({ kubeProxyRunning: true, forwarding: true, tainted: false }),
    ...nodeEffects,
  },
  guards: {
    graceful: ({ context }) => context.graceful,
    isTimer: ({ event }, params: { timer: NodeTimer }) =>
      event.type === 'TIMER' && event.timer === params.timer,
  },
}).createMachine({
  id: 'node',
  initial: 'up',
  context: ({ input }) => ({
    ...input,
    cordoned: false,
    tainted: false,
    kubeProxyRunning: true,
    forwarding: true,
  }),
  on: {
    TAINT: { actions: 'markTainted' },
    CORDON: { actions: 'markCordoned' },
    UNCORDON: { actions: 'markUncordoned' },
  },
  states: {
    up: {
      on: {
        STOP_KUBE_PROXY: {
          target: 'proxyStopped',
          actions: ['stopProxy', 'announceKubeProxyStopped'],
        },
        SHUTDOWN: 'shuttingDown',
        POWER_OFF: 'offline',
      },
    },
    /** kube-proxy stopped on a live node: rules stay, its health ports refuse connections. */
    proxyStopped: {
      on: {
        START_KUBE_PROXY: {
          target: 'up',
          actions: ['startProxy', 'announceKubeProxyStarted'],
        },
        SHUTDOWN: 'shuttingDown',
        POWER_OFF: 'offline',
      },
    },
    shuttingDown: {
      initial: 'start',
      on: { POWER_OFF: '#node.offline' },
      states: {
        start: {
          always: [{ guard: 'graceful', target: 'regularPods' }, { target: 'abrupt' }],
        },
        /** No graceful node shutdown: the system stops containers and kube-proxy, tells no one. */
        abrupt: {
          entry: ['stopProxy', 'announceKubeProxyStopped', 'stopContainers'],
          always: 'osShutdown',
        },
        regularPods: {
          entry: [
            'reportShuttingDown',
            {
              type: 'killPods',
              params: ({ context }) => ({ grace: context.regularPhase }),
            },
            {
              type: 'startTimer',
              params: ({ context }) => ({ timer: 'regularPhase', after: context.regularPhase }),
            },
          ],
          on: {
            REGULAR_PODS_GONE: 'criticalPods',
            TIMER: {
              guard: { type: 'isTimer', params: { timer: 'regularPhase' } },
              target: 'criticalPods',
            },
          },
        },
        /** kube-proxy exits on SIGTERM without lingering; then the kubelet lets go. */
        criticalPods: {
          entry: ['stopProxy', 'announceKubeProxyStopped'],
          always: 'osShutdown',
        },
        osShutdown: {
          entry: {
            type: 'startTimer',
            params: ({ context }) => ({ timer: 'osShutdown', after: context.osShutdown }),
          },
          on: {
            TIMER: {
              guard: { type: 'isTimer', params: { timer: 'osShutdown' } },
              target: '#node.offline',
            },
          },
        },
      },
    },
    offline: {
      entry: ['goDark', 'announceOffline'],
      on: { POWER_ON: 'booting' },
    },
    booting: {
      entry: [
        'announceBooting',
        { type: 'startTimer', params: ({ context }) => ({ timer: 'boot', after: context.boot }) },
      ],
      on: {
        POWER_OFF: 'offline',
        TIMER: {
          guard: { type: 'isTimer', params: { timer: 'boot' } },
          target: 'up',
          actions: ['comeUp', 'announceOnline', 'announceKubeProxyStarted'],
        },
      },
    },
  },
});
