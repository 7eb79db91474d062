/**
 * One client for the site's module workers (diagram runs, practice rounds, your-cluster jobs):
 * the worker is made on first use, requests carry an id and each answer finds its request by
 * that id, and when there is no worker (SSR, tests, an old browser, a blocked script) or it
 * fails (`error`, `messageerror`), the requests are answered on this thread instead: slower,
 * but they finish. Framework-free; the caller keeps `new Worker(new URL(...))` in its own
 * module, because that literal is how Vite finds and bundles the worker's chunk.
 */

/** What the client needs of a Worker (a fake in tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: () => void): void;
}

/** A request or an answer: every message either way carries the request's id. */
export interface Message {
  id: number;
}

/** A request as the caller writes it, without its id (Omit over each member of a union). */
export type Body<Q extends Message> = Q extends Message ? Omit<Q, 'id'> : never;

export interface WorkerClientOptions<Q extends Message, R extends Message, P> {
  /** Makes the worker, or null when there is none; may throw (then there is none either). */
  spawn(): WorkerLike | null;
  /** Answers a request on this thread (no worker, or it failed); a rejection reaches the caller. */
  fallback(request: Q, progress?: (p: P) => void): Promise<R>;
  /** A progress note rather than the answer: its content, else undefined (the default). */
  progressOf?(message: R): P | undefined;
}

export interface WorkerClient<Q extends Message, R extends Message, P> {
  /** Sends a request to the worker (or the fallback) and resolves with its answer. */
  request(body: Body<Q>, progress?: (p: P) => void): Promise<R>;
  /**
   * Ends a worker that is still busy: each waiting request resolves with `answer(request)` and
   * the next request starts a fresh worker. Does nothing when no request is waiting.
   */
  cancelPending(answer: (request: Q) => R): void;
}

interface Waiting<Q, R, P> {
  request: Q;
  resolve(r: R): void;
  reject(e: unknown): void;
  progress: ((p: P) => void) | undefined;
}

/** A lazily made worker with id-matched answers and a main-thread fallback. */
export function createWorkerClient<Q extends Message, R extends Message, P = never>(
  options: WorkerClientOptions<Q, R, P>,
): WorkerClient<Q, R, P> {
  // undefined: not made yet; null: none (absent or failed), the fallback answers.
  let worker: WorkerLike | null | undefined;
  let nextId = 0;
  const waiting = new Map<number, Waiting<Q, R, P>>();

  const onThread = (w: Waiting<Q, R, P>): void => {
    options.fallback(w.request, w.progress).then(w.resolve, w.reject);
  };

  /** After a failure every waiting request is answered on this thread, in the order sent. */
  const failOver = (): void => {
    worker?.terminate();
    worker = null;
    const all = [...waiting.values()];
    waiting.clear();
    for (const w of all) onThread(w);
  };

  const getWorker = (): WorkerLike | null => {
    if (worker !== undefined) return worker;
    try {
      worker = options.spawn();
    } catch {
      worker = null;
    }
    if (!worker) return null;
    const self = worker;
    self.addEventListener('message', (e: MessageEvent<R>) => {
      // Ids are never reused, so a late answer to a cancelled request finds no one waiting.
      const w = waiting.get(e.data.id);
      const note = options.progressOf?.(e.data);
      if (note !== undefined) {
        w?.progress?.(note);
        return;
      }
      waiting.delete(e.data.id);
      w?.resolve(e.data);
    });
    // A worker ended by cancelPending no longer speaks for the requests now waiting.
    const failed = (): void => {
      if (self === worker) failOver();
    };
    self.addEventListener('error', failed);
    self.addEventListener('messageerror', failed);
    return self;
  };

  return {
    request(body, progress) {
      // The one place a body becomes a request: Body<Q> plus its id is Q by construction.
      const request = { ...body, id: nextId++ } as unknown as Q;
      const w = getWorker();
      return new Promise<R>((resolve, reject) => {
        const entry: Waiting<Q, R, P> = { request, resolve, reject, progress };
        if (!w) return onThread(entry);
        waiting.set(request.id, entry);
        w.postMessage(request);
      });
    },
    cancelPending(answer) {
      if (waiting.size === 0 || !worker) return;
      worker.terminate();
      worker = undefined;
      for (const w of waiting.values()) w.resolve(answer(w.request));
      waiting.clear();
    },
  };
}
