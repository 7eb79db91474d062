import { assign, setup } from 'xstate';
import { effect, effectList, type EffectOf } from './effects.ts';

export type LbBackendEvent =
  | { type: 'PROBE_OK' }
  | { type: 'PROBE_FAIL' }
  /** The controller removed the node from the target group (AWS LBC on a to-be-deleted taint). */
  | { type: 'DEREGISTER' };

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

/**
 * Effects of a backend transition, declared once (the machine's actions, LB_BACKEND_EFFECTS and
 * LbBackendEffect derive from this); the lifecycle (lbEffects.ts) carries them out.
 */
const lbBackendEffects = { announceDown: effect, announceUp: effect };

/** Effects of a backend transition. */
export type LbBackendEffect = EffectOf<typeof lbBackendEffects>;
export const LB_BACKEND_EFFECTS = effectList(lbBackendEffects);

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
    ...lbBackendEffects,
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
  on: { DEREGISTER: '.deregistered' },
  states: {
    /** The LB probed long before t=0; start in the state those probes settled on. */
    settling: {
      always: [{ guard: 'startsHealthy', target: 'healthy' }, { target: 'unhealthy' }],
    },
    healthy: {
      on: {
        PROBE_OK: { actions: 'resetStreak' },
        PROBE_FAIL: [
          {
            guard: 'reachesUnhealthyThreshold',
            target: 'unhealthy',
            actions: ['resetStreak', 'announceDown'],
          },
          { actions: 'countStreak' },
        ],
        DEREGISTER: { target: 'deregistered', actions: 'announceDown' },
      },
    },
    unhealthy: {
      on: {
        PROBE_FAIL: { actions: 'resetStreak' },
        PROBE_OK: [
          {
            guard: 'reachesHealthyThreshold',
            target: 'healthy',
            actions: ['resetStreak', 'announceUp'],
          },
          { actions: 'countStreak' },
        ],
      },
    },
    /** Out of the target group: probe results no longer matter. */
    deregistered: {},
  },
});
