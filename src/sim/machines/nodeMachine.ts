import { assign, setup } from 'xstate';

/** Events the scheduler sends to a node; time is supplied by the scheduler, never by timers. */
export type NodeEvent =
  | { type: 'CORDON' }
  | { type: 'UNCORDON' }
  | { type: 'TAINT' }
  | { type: 'SHUTDOWN' }
  | { type: 'KUBE_PROXY_STOP' }
  | { type: 'POWER_OFF' }
  | { type: 'POWER_ON' }
  | { type: 'BOOTED' };

export interface NodeContext {
  cordoned: boolean;
  tainted: boolean;
  /** The kube-proxy process (health servers, rule syncs). */
  kubeProxyRunning: boolean;
  /** The kernel data path: rules stay in place after kube-proxy exits, until power-off. */
  forwarding: boolean;
}

/** Node lifecycle: ready → cordoned → shuttingDown → offline → booting → ready. */
export const nodeMachine = setup({
  types: { context: {} as NodeContext, events: {} as NodeEvent },
  actions: {
    markCordoned: assign({ cordoned: true }),
    markUncordoned: assign({ cordoned: false }),
    markTainted: assign({ tainted: true }),
    stopKubeProxy: assign({ kubeProxyRunning: false }),
    goDark: assign({ kubeProxyRunning: false, forwarding: false }),
    comeUp: assign({ kubeProxyRunning: true, forwarding: true }),
  },
  guards: {
    isCordoned: ({ context }) => context.cordoned,
  },
}).createMachine({
  id: 'node',
  initial: 'ready',
  context: { cordoned: false, tainted: false, kubeProxyRunning: true, forwarding: true },
  on: {
    TAINT: { actions: 'markTainted' },
  },
  states: {
    ready: {
      on: {
        CORDON: { target: 'cordoned', actions: 'markCordoned' },
        SHUTDOWN: 'shuttingDown',
        POWER_OFF: 'offline',
      },
    },
    cordoned: {
      on: {
        UNCORDON: { target: 'ready', actions: 'markUncordoned' },
        SHUTDOWN: 'shuttingDown',
        POWER_OFF: 'offline',
      },
    },
    shuttingDown: {
      on: {
        CORDON: { actions: 'markCordoned' },
        UNCORDON: { actions: 'markUncordoned' },
        KUBE_PROXY_STOP: { actions: 'stopKubeProxy' },
        POWER_OFF: 'offline',
      },
    },
    offline: {
      entry: 'goDark',
      on: {
        CORDON: { actions: 'markCordoned' },
        UNCORDON: { actions: 'markUncordoned' },
        POWER_ON: 'booting',
      },
    },
    booting: {
      on: {
        CORDON: { actions: 'markCordoned' },
        UNCORDON: { actions: 'markUncordoned' },
        POWER_OFF: 'offline',
        BOOTED: [
          { guard: 'isCordoned', target: 'cordoned', actions: 'comeUp' },
          { target: 'ready', actions: 'comeUp' },
        ],
      },
    },
  },
});
