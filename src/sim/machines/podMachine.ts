import { assign, setup } from 'xstate';
import { effect, effectList, effectWith, type EffectOf } from './effects.ts';
import type { EndpointConditions } from '../types.ts';

/**
 * A Pod's lifecycle and what its EndpointSlice entry says.
 *
 * Two ways to stop a Pod differ in the API: an eviction or delete (drain) sets a
 * deletionTimestamp, so the endpoint turns `terminating` (ready=false, serving follows the
 * readiness probe); a kill by the kubelet's graceful node shutdown does not, so the endpoint stays
 * as it was until the node lifecycle controller marks the Pod not ready or the container stops
 * (EndpointSlice podToEndpoint: `terminating := pod.DeletionTimestamp != nil`). Either way the
 * preStop hook runs first, then SIGTERM; the app exits `appShutdown` seconds later, at the
 * latest at the grace period. An app that fails readiness on SIGTERM turns not serving only when
 * the kubelet's readiness probe has failed often enough (periodSeconds × failureThreshold).
 *
 * Named actions are effects the scheduler carries out (timers, announcements).
 */
export type PodEvent =
  | { type: 'START' }
  /** Started in the state a dump showed, long before t = 0: running, failing readiness. */
  | { type: 'START_NOT_READY' }
  /** Started deleted (deletionTimestamp set before t = 0), still terminating. */
  | { type: 'START_DELETED'; serving: boolean }
  /** API deletion (eviction by a drain, `kubectl delete pod`). */
  | { type: 'EVICT'; grace: number; readinessDelay: number }
  /** Killed by the kubelet during graceful node shutdown (no deletionTimestamp). */
  | { type: 'KILL'; grace: number; readinessDelay: number }
  | { type: 'TIMER'; timer: PodTimer }
  /** The node lifecycle controller marked the Pod not ready (its node is NotReady). */
  | { type: 'NODE_NOT_READY' }
  /** The machine lost power or its containers were stopped: the process is gone, the API not told. */
  | { type: 'NODE_DOWN' }
  /** The node booted again; the kubelet restarts the containers of Pods that were not deleted. */
  | { type: 'NODE_UP' };

export type PodTimer = 'sigterm' | 'exit' | 'notServing' | 'sigkill';

export interface PodInput {
  preStop: number;
  appShutdown: number;
  servesWhileTerminating: boolean;
}

export interface PodContext extends PodInput {
  /** The app process accepts connections. */
  alive: boolean;
  /** In the EndpointSlice at all. */
  inSlice: boolean;
  /** The readiness probe passes (as the kubelet last saw it). */
  readinessOk: boolean;
  /** Deleted through the API (deletionTimestamp set). */
  deleted: boolean;
  /** Marked not ready by the node lifecycle controller. */
  markedNotReady: boolean;
  grace: number;
  readinessDelay: number;
}

/**
 * The effects a Pod transition asks for, declared once: the machine's actions, POD_EFFECTS and
 * PodEffect derive from this; the lifecycle (podEffects.ts) carries them out.
 */
const podEffects = {
  startTimer: effectWith<{ timer: PodTimer; after: number }>(),
  announceTerminating: effect,
  announceExited: effect,
  announceReady: effect,
  announceNotReady: effect,
};

/** The effects a Pod transition asks for. */
export type PodEffect = EffectOf<typeof podEffects>;
export const POD_EFFECTS = effectList(podEffects);

/** What the Pod's EndpointSlice entry says now; null when it is not in the slice. */
export function endpointOf(c: PodContext): EndpointConditions | null {
  if (!c.inSlice) return null;
  const serving = c.readinessOk && !c.markedNotReady;
  return { ready: serving && !c.deleted, serving, terminating: c.deleted };
}

export const podMachine = setup({
  types: { context: {} as PodContext, events: {} as PodEvent, input: {} as PodInput },
  actions: {
    begin: assign({ alive: true, inSlice: true, readinessOk: true, markedNotReady: false }),
    stopping: assign(({ context, event }) =>
      event.type === 'EVICT' || event.type === 'KILL'
        ? {
            grace: event.grace,
            readinessDelay: event.readinessDelay,
            // A kill keeps a deletion that happened before (a Pod deleted before t = 0).
            deleted: context.deleted || event.type === 'EVICT',
          }
        : {},
    ),
    beginDeleted: assign(({ event }) => ({
      alive: true,
      inSlice: true,
      deleted: true,
      readinessOk: event.type === 'START_DELETED' && event.serving,
    })),
    failReadiness: assign({ readinessOk: false }),
    markNotReady: assign({ markedNotReady: true }),
    lose: assign({ alive: false }),
    revive: assign({ alive: true, markedNotReady: false }),
    leave: assign({ alive: false, inSlice: false }),
    ...podEffects,
  },
  guards: {
    isTimer: ({ event }, params: { timer: PodTimer }) =>
      event.type === 'TIMER' && event.timer === params.timer,
  },
}).createMachine({
  id: 'pod',
  initial: 'pending',
  context: ({ input }) => ({
    ...input,
    alive: false,
    inSlice: false,
    readinessOk: false,
    deleted: false,
    markedNotReady: false,
    grace: 0,
    readinessDelay: 0,
  }),
  states: {
    /** Not scheduled (no node fits). */
    pending: {
      on: {
        START: { target: 'running', actions: 'begin' },
        START_NOT_READY: { target: 'running', actions: ['begin', 'failReadiness'] },
        START_DELETED: { target: 'deleted', actions: 'beginDeleted' },
      },
    },
    running: {
      on: {
        EVICT: { target: 'stopping', actions: ['stopping', 'announceTerminating'] },
        KILL: { target: 'stopping', actions: 'stopping' },
        NODE_NOT_READY: { actions: ['markNotReady', 'announceNotReady'] },
        NODE_DOWN: { target: 'down', actions: 'lose' },
      },
    },
    /**
     * Deleted before t = 0 and still terminating; when it exits is not known, so it stays so.
     * A drain finds it already deleted; the node's shutdown still kills it.
     */
    deleted: {
      on: {
        KILL: { target: 'stopping', actions: 'stopping' },
        NODE_NOT_READY: { actions: ['markNotReady', 'announceNotReady'] },
        NODE_DOWN: 'exited',
      },
    },
    /** The process is gone with its machine; the API still lists the Pod until told otherwise. */
    down: {
      on: {
        NODE_NOT_READY: { actions: ['markNotReady', 'announceNotReady'] },
        NODE_UP: { target: 'running', actions: ['revive', 'announceReady'] },
        // A Pod deleted while its node is gone leaves the slice at once (nothing runs to drain).
        EVICT: { target: 'exited', actions: 'announceTerminating' },
      },
    },
    stopping: {
      initial: 'preStop',
      entry: [
        {
          type: 'startTimer',
          params: ({ context }) => ({
            timer: 'sigterm',
            after: Math.min(context.preStop, context.grace),
          }),
        },
        {
          type: 'startTimer',
          params: ({ context }) => ({ timer: 'sigkill', after: context.grace }),
        },
      ],
      on: {
        TIMER: { guard: { type: 'isTimer', params: { timer: 'sigkill' } }, target: 'exited' },
        NODE_NOT_READY: { actions: ['markNotReady', 'announceNotReady'] },
        NODE_DOWN: 'exited',
      },
      states: {
        /** The preStop hook sleeps; the app knows nothing yet and keeps passing readiness. */
        preStop: {
          on: {
            TIMER: {
              guard: { type: 'isTimer', params: { timer: 'sigterm' } },
              target: 'afterSigterm',
            },
          },
        },
        afterSigterm: {
          entry: [
            {
              type: 'startTimer',
              params: ({ context }) => ({ timer: 'exit', after: context.appShutdown }),
            },
            {
              type: 'startTimer',
              params: ({ context }) => ({
                timer: 'notServing',
                // Only an app that fails readiness on SIGTERM; the others pass until they exit.
                after: context.servesWhileTerminating ? Infinity : context.readinessDelay,
              }),
            },
          ],
          on: {
            TIMER: [
              { guard: { type: 'isTimer', params: { timer: 'exit' } }, target: '#pod.exited' },
              {
                guard: { type: 'isTimer', params: { timer: 'notServing' } },
                actions: 'failReadiness',
              },
            ],
          },
        },
      },
    },
    exited: { type: 'final', entry: ['leave', 'announceExited'] },
  },
});
