import { assign, setup } from 'xstate';

/** Events the scheduler sends to a pod. */
export type PodEvent =
  | { type: 'START' }
  | { type: 'DELETE'; servesWhileTerminating: boolean }
  | { type: 'STOP_SERVING' }
  | { type: 'EXIT' }
  | { type: 'NODE_DOWN' }
  | { type: 'NODE_NOT_READY' }
  /** The node booted again; kubelet restarts the containers of pods that were not deleted. */
  | { type: 'NODE_UP' };

export interface PodContext {
  /** The app process can still accept connections (false once its machine lost power). */
  alive: boolean;
}

/** Pod lifecycle: pending → ready → terminatingServing → terminatingNotServing → exited. */
export const podMachine = setup({
  types: { context: {} as PodContext, events: {} as PodEvent },
  actions: {
    die: assign({ alive: false }),
    revive: assign({ alive: true }),
  },
  guards: {
    keepsServing: ({ event }) => event.type === 'DELETE' && event.servesWhileTerminating,
  },
}).createMachine({
  id: 'pod',
  initial: 'pending',
  context: { alive: true },
  states: {
    pending: { on: { START: 'ready' } },
    ready: {
      on: {
        DELETE: [
          { guard: 'keepsServing', target: 'terminatingServing' },
          { target: 'terminatingNotServing' },
        ],
        NODE_DOWN: { actions: 'die' },
        NODE_NOT_READY: 'notReady',
        NODE_UP: { actions: 'revive' },
      },
    },
    terminatingServing: {
      on: {
        STOP_SERVING: 'terminatingNotServing',
        EXIT: 'exited',
        NODE_DOWN: { target: 'exited', actions: 'die' },
      },
    },
    terminatingNotServing: {
      on: { EXIT: 'exited', NODE_DOWN: { target: 'exited', actions: 'die' } },
    },
    /** The node controller marked the pod not ready after its node stopped reporting. */
    notReady: {
      on: {
        DELETE: { target: 'exited', actions: 'die' },
        NODE_UP: { target: 'ready', actions: 'revive' },
      },
    },
    exited: { type: 'final', entry: 'die' },
  },
});
