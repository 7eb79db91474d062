import { assign, setup } from 'xstate';

export type LbBackendEvent = { type: 'PROBE_OK' } | { type: 'PROBE_FAIL' };

export interface LbBackendInput {
  unhealthyThreshold: number;
  healthyThreshold: number;
  initiallyHealthy: boolean;
}

export interface LbBackendContext {
  unhealthyThreshold: number;
  healthyThreshold: number;
  initiallyHealthy: boolean;
  /** Consecutive failures while healthy / consecutive successes while unhealthy. */
  streak: number;
}

/** The LB's view of one backend node: healthy ↔ unhealthy after N consecutive probe results. */
export const lbBackendMachine = setup({
  types: {
    context: {} as LbBackendContext,
    events: {} as LbBackendEvent,
    input: {} as LbBackendInput,
  },
  actions: {
    countStreak: assign({ streak: ({ context }) => context.streak + 1 }),
    resetStreak: assign({ streak: 0 }),
  },
  guards: {
    startsHealthy: ({ context }) => context.initiallyHealthy,
    reachesUnhealthyThreshold: ({ context }) => context.streak + 1 >= context.unhealthyThreshold,
    reachesHealthyThreshold: ({ context }) => context.streak + 1 >= context.healthyThreshold,
  },
}).createMachine({
  id: 'lbBackend',
  initial: 'settling',
  context: ({ input }) => ({ ...input, streak: 0 }),
  states: {
    /** The LB probed long before t=0; start in the state those probes settled on. */
    settling: {
      always: [{ guard: 'startsHealthy', target: 'healthy' }, { target: 'unhealthy' }],
    },
    healthy: {
      on: {
        PROBE_OK: { actions: 'resetStreak' },
        PROBE_FAIL: [
          { guard: 'reachesUnhealthyThreshold', target: 'unhealthy', actions: 'resetStreak' },
          { actions: 'countStreak' },
        ],
      },
    },
    unhealthy: {
      on: {
        PROBE_FAIL: { actions: 'resetStreak' },
        PROBE_OK: [
          { guard: 'reachesHealthyThreshold', target: 'healthy', actions: 'resetStreak' },
          { actions: 'countStreak' },
        ],
      },
    },
  },
});
