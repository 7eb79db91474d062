import { assign, setup } from 'xstate';

/** What the client (or an observer of the path) learns about one connection. */
export type ConnectionEvent =
  | { type: 'SYN_ACK' }
  /** A SYN-ACK from an address the client never sent a SYN to: discarded. */
  | { type: 'MISMATCHED_SYN_ACK' }
  | { type: 'RST' }
  /** The network dropped the SYN silently (e.g. "has no local endpoints"). */
  | { type: 'DROPPED' }
  | { type: 'TIMEOUT' }
  | { type: 'CLOSE' }
  | { type: 'PATH_DOWN' };

export interface ConnectionContext {
  discardedSynAcks: number;
}

/** Connection lifecycle: synSent → established → closed | broken, or reset / timedOut / dropped. */
export const connectionMachine = setup({
  types: { context: {} as ConnectionContext, events: {} as ConnectionEvent },
  actions: {
    countDiscard: assign({ discardedSynAcks: ({ context }) => context.discardedSynAcks + 1 }),
  },
}).createMachine({
  id: 'connection',
  initial: 'synSent',
  context: { discardedSynAcks: 0 },
  states: {
    synSent: {
      on: {
        SYN_ACK: 'established',
        MISMATCHED_SYN_ACK: { actions: 'countDiscard' },
        RST: 'reset',
        DROPPED: 'dropped',
        TIMEOUT: 'timedOut',
      },
    },
    established: { on: { CLOSE: 'closed', PATH_DOWN: 'broken' } },
    closed: { type: 'final' },
    broken: { type: 'final' },
    reset: { type: 'final' },
    timedOut: { type: 'final' },
    dropped: { type: 'final' },
  },
});
