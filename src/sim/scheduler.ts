/** A discrete-event queue on simulated time, ordered by (time, insertion sequence). */
export class EventQueue<T> {
  private readonly times: number[] = [];
  private readonly seqs: number[] = [];
  private readonly items: T[] = [];
  private seq = 0;

  /** Number of pending events. */
  get size(): number {
    return this.items.length;
  }

  /** Schedule `item` at simulated time `at`; equal times keep insertion order. */
  push(at: number, item: T): void {
    this.times.push(at);
    this.seqs.push(this.seq++);
    this.items.push(item);
    this.up(this.items.length - 1);
  }

  /** Time of the earliest event, or Infinity when empty. */
  peekTime(): number {
    return this.times[0] ?? Infinity;
  }

  /** Remove and return the earliest event. */
  pop(): { at: number; item: T } | undefined {
    const n = this.items.length;
    if (n === 0) return undefined;
    const at = this.times[0] ?? 0;
    const item = this.items[0] as T;
    const lastT = this.times.pop() ?? 0;
    const lastS = this.seqs.pop() ?? 0;
    const lastI = this.items.pop() as T;
    if (n > 1) {
      this.times[0] = lastT;
      this.seqs[0] = lastS;
      this.items[0] = lastI;
      this.down(0);
    }
    return { at, item };
  }

  private less(a: number, b: number): boolean {
    const ta = this.times[a] ?? 0;
    const tb = this.times[b] ?? 0;
    return ta < tb || (ta === tb && (this.seqs[a] ?? 0) < (this.seqs[b] ?? 0));
  }

  private swap(a: number, b: number): void {
    const t = this.times[a] ?? 0;
    this.times[a] = this.times[b] ?? 0;
    this.times[b] = t;
    const s = this.seqs[a] ?? 0;
    this.seqs[a] = this.seqs[b] ?? 0;
    this.seqs[b] = s;
    const i = this.items[a] as T;
    this.items[a] = this.items[b] as T;
    this.items[b] = i;
  }

  private up(i: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  private down(i: number): void {
    const n = this.items.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(l, m)) m = l;
      if (r < n && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }
}
