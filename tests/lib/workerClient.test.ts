import { describe, expect, it } from 'vitest';
import { createWorkerClient, type WorkerLike } from '../../src/lib/workerClient';

type Req = { id: number; n: number };
type Res = { id: number; kind: 'answer' | 'progress'; value: number };

/** A stand-in Worker: records what is posted and lets the test speak for the worker. */
class FakeWorker implements WorkerLike {
  posted: Req[] = [];
  terminated = false;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  postMessage(message: unknown): void {
    this.posted.push(message as Req);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: 'message' | 'error' | 'messageerror', data?: Res): void {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent);
  }
  answer(id: number, value: number): void {
    this.emit('message', { id, kind: 'answer', value });
  }
}

/** A client over fake workers whose fallback answers -n, and records who asked it. */
function setup(spawn: () => FakeWorker | null) {
  const workers: FakeWorker[] = [];
  const onThread: number[] = [];
  const client = createWorkerClient<Req, Res, number>({
    spawn: () => {
      const w = spawn();
      if (w) workers.push(w);
      return w;
    },
    fallback: (r, progress) => {
      onThread.push(r.n);
      progress?.(0.5);
      if (r.n < 0) return Promise.reject(new Error(`bad ${r.n}`));
      return Promise.resolve({ id: r.id, kind: 'answer', value: -r.n });
    },
    progressOf: (m) => (m.kind === 'progress' ? m.value : undefined),
  });
  /** The i-th worker made (a test error if there is none). */
  const worker = (i: number): FakeWorker => {
    const w = workers[i];
    if (!w) throw new Error(`no worker ${i}`);
    return w;
  };
  return { client, workers, worker, onThread };
}

describe('worker client', () => {
  it('makes the worker on the first request, not before, and only once', async () => {
    let made = 0;
    const { client, worker } = setup(() => (made++, new FakeWorker()));
    expect(made).toBe(0);
    const a = client.request({ n: 1 });
    const b = client.request({ n: 2 });
    expect(made).toBe(1);
    worker(0).answer(0, 10);
    worker(0).answer(1, 20);
    expect(await Promise.all([a, b])).toEqual([
      { id: 0, kind: 'answer', value: 10 },
      { id: 1, kind: 'answer', value: 20 },
    ]);
  });

  it('posts each request with its own id and matches answers by id, in any order', async () => {
    const { client, worker, onThread } = setup(() => new FakeWorker());
    const a = client.request({ n: 1 });
    const b = client.request({ n: 2 });
    const c = client.request({ n: 3 });
    const w = worker(0);
    expect(w.posted).toEqual([
      { n: 1, id: 0 },
      { n: 2, id: 1 },
      { n: 3, id: 2 },
    ]);
    w.answer(99, 0); // nobody asked: ignored
    w.answer(2, 300);
    w.answer(0, 100);
    w.answer(1, 200);
    w.answer(1, 999); // a second answer to the same id: ignored
    expect((await Promise.all([a, b, c])).map((r) => r.value)).toEqual([100, 200, 300]);
    expect(onThread).toEqual([]);
  });

  it('answers on this thread when there is no worker', async () => {
    const { client, workers, onThread } = setup(() => null);
    expect(await client.request({ n: 4 })).toMatchObject({ value: -4 });
    expect(await client.request({ n: 5 })).toMatchObject({ value: -5 });
    expect(workers).toEqual([]);
    expect(onThread).toEqual([4, 5]);
  });

  it('answers on this thread when making the worker throws, and does not try again', async () => {
    let tries = 0;
    const { client, onThread } = setup(() => {
      tries++;
      throw new Error('blocked by CSP');
    });
    expect(await client.request({ n: 1 })).toMatchObject({ value: -1 });
    expect(await client.request({ n: 2 })).toMatchObject({ value: -2 });
    expect(tries).toBe(1);
    expect(onThread).toEqual([1, 2]);
  });

  for (const failure of ['error', 'messageerror'] as const)
    it(`on a worker ${failure}, ends it and finishes every waiting request on this thread`, async () => {
      const { client, workers, worker, onThread } = setup(() => new FakeWorker());
      const a = client.request({ n: 1 });
      const b = client.request({ n: 2 });
      const c = client.request({ n: 3 });
      const w = worker(0);
      w.answer(1, 200); // answered before the failure: stays the worker's answer
      w.emit(failure);
      expect(w.terminated).toBe(true);
      expect((await Promise.all([a, b, c])).map((r) => r.value)).toEqual([-1, 200, -3]);
      expect(onThread).toEqual([1, 3]); // in the order they were sent
      // Later requests go to this thread too; no new worker.
      expect(await client.request({ n: 4 })).toMatchObject({ value: -4 });
      expect(workers).toHaveLength(1);
      expect(w.posted).toHaveLength(3);
    });

  it('passes a fallback failure on to the caller, with or without a worker', async () => {
    const none = setup(() => null);
    await expect(none.client.request({ n: -1 })).rejects.toThrow('bad -1');
    const failing = setup(() => new FakeWorker());
    const a = failing.client.request({ n: -2 });
    const b = failing.client.request({ n: 2 });
    failing.worker(0).emit('error');
    await expect(a).rejects.toThrow('bad -2');
    // One failure does not hold up the others.
    expect(await b).toMatchObject({ value: -2 });
  });

  it('hands progress notes to the caller without settling the request', async () => {
    const { client, worker } = setup(() => new FakeWorker());
    const heard: number[] = [];
    let settled = false;
    const a = client.request({ n: 1 }, (p) => heard.push(p));
    void a.then(() => (settled = true));
    const w = worker(0);
    w.emit('message', { id: 0, kind: 'progress', value: 0.25 });
    w.emit('message', { id: 0, kind: 'progress', value: 0.75 });
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(heard).toEqual([0.25, 0.75]);
    w.answer(0, 10);
    expect(await a).toMatchObject({ value: 10 });
    // The fallback gets the same progress callback after a failure.
    const b = client.request({ n: 2 }, (p) => heard.push(p));
    w.emit('error');
    expect(await b).toMatchObject({ value: -2 });
    expect(heard).toEqual([0.25, 0.75, 0.5]);
  });

  it('cancelPending ends a busy worker, answers its requests and starts afresh', async () => {
    const { client, workers, worker } = setup(() => new FakeWorker());
    const a = client.request({ n: 1 });
    const b = client.request({ n: 2 });
    const first = worker(0);
    client.cancelPending((r) => ({ id: r.id, kind: 'answer', value: 1000 + r.n }));
    expect(first.terminated).toBe(true);
    expect((await Promise.all([a, b])).map((r) => r.value)).toEqual([1001, 1002]);
    const c = client.request({ n: 3 });
    expect(workers).toHaveLength(2);
    const second = worker(1);
    expect(second.posted).toEqual([{ n: 3, id: 2 }]);
    // The old worker's late failure does not touch the new one's requests.
    first.emit('error');
    expect(second.terminated).toBe(false);
    second.answer(2, 30);
    expect(await c).toMatchObject({ value: 30 });
  });

  it('cancelPending leaves an idle worker running', async () => {
    const { client, workers, worker } = setup(() => new FakeWorker());
    const a = client.request({ n: 1 });
    worker(0).answer(0, 10);
    await a;
    client.cancelPending(() => {
      throw new Error('nothing is waiting');
    });
    expect(worker(0).terminated).toBe(false);
    void client.request({ n: 2 });
    expect(workers).toHaveLength(1);
  });
});
