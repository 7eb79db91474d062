/**
 * `--trace`: the featured connections hop by hop, with each hop's headers before and after and
 * the rules it hit by their full chain names (in nftables mode also the map elements the packet
 * found), so that the data path can be checked without a browser. As JSON (with --json) and as
 * aligned text in the reader's language.
 */
import type { Addr, ConnectionTrace, RuleHit } from '../sim/types.ts';

const addr = (a: Addr): string => `${a.ip}:${a.port}`;

/** The featured connections' traces as the JSON output's `traces` field. */
export function traceJson(featured: readonly ConnectionTrace[]): unknown[] {
  return featured.map((t) => ({
    connection: t.record.id,
    client: t.record.client,
    ingressNode: t.record.ingressNode,
    pod: t.record.pod,
    outcome: t.record.outcome,
    reason: t.record.reason,
    hops: t.hops.map((h) => ({
      id: h.id,
      packet: h.packet,
      kind: h.kind,
      direction: h.direction,
      from: h.from,
      to: h.to,
      at: Math.round(h.at * 1e6) / 1e6,
      before: { src: addr(h.before.src), dst: addr(h.before.dst) },
      after: { src: addr(h.after.src), dst: addr(h.after.dst) },
      changed: h.changed,
      rules: h.rules.map((r) => ({
        chain: r.chain,
        verdict: r.verdict,
        why: r.why,
        ...(r.lookup ? { lookup: r.lookup } : {}),
      })),
      ...(h.end ? { end: h.end } : {}),
      ...(h.reason ? { reason: h.reason } : {}),
    })),
    conntrack: t.conntrack.map((c) => ({
      node: c.node,
      original: `${addr(c.original.src)} → ${addr(c.original.dst)}`,
      reply: `${addr(c.reply.src)} → ${addr(c.reply.dst)}`,
      state: c.state,
    })),
  }));
}

type T = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The featured connections as text: per connection a heading, then per hop its packet, the
 * places, the header as it left and (where `to` rewrote it) as it went on, and the rules.
 */
export function traceText(tr: T, featured: readonly ConnectionTrace[]): string {
  const out: string[] = [];
  for (const t of featured) {
    const r = t.record;
    out.push(
      '',
      tr('cli.trace.connection', {
        id: r.id,
        client: r.client,
        node: r.ingressNode ?? tr('cli.summary.noNode'),
        pod: r.pod ?? '–',
        outcome: tr(`outcome.${r.outcome}`),
      }),
    );
    const rows: string[][] = [];
    t.hops.forEach((h, i) => {
      const before = `${addr(h.before.src)} → ${addr(h.before.dst)}`;
      const after = `${addr(h.after.src)} → ${addr(h.after.dst)}`;
      rows.push([
        `  ${i + 1}`,
        h.kind,
        // A packet that never left its sender (nobody answered ARP) has no second place.
        h.from === h.to ? h.from : `${h.from} → ${h.to}`,
        h.changed.length > 0 ? `${before}  ⇒  ${after}` : before,
      ]);
      if (h.rules.some((x) => x.lookup)) {
        // nftables: one step per line, a map lookup with the element the packet found.
        h.rules.forEach((x, j) =>
          rows.push([
            '',
            '',
            '',
            `${j === 0 ? `${tr('cli.trace.rules')}:` : '      '} ${hitText(x)}`,
          ]),
        );
      } else if (h.rules.length > 0)
        rows.push([
          '',
          '',
          '',
          `${tr('cli.trace.rules')}: ${h.rules.map((x) => `${x.chain} (${x.verdict})`).join(', ')}`,
        ]);
      // The place the hop ends at names the node in reasons such as noLocalEndpoints.
      if (h.end) rows.push(['', '', '', tr(`reason.${h.reason ?? h.end}`, { node: h.to })]);
    });
    out.push(...leftColumns(rows));
  }
  return `${out.join('\n')}\n`;
}

/** One rule hit: the chain and verdict; a map lookup also names the map and the element found. */
function hitText(x: RuleHit): string {
  if (!x.lookup) return `${x.chain} (${x.verdict})`;
  const map = x.lookup.map.startsWith('numgen') ? x.lookup.map : `@${x.lookup.map}`;
  return `${x.chain} → ${map}: ${x.lookup.element} (${x.verdict})`;
}

/** Rows as left-aligned columns (rule and reason lines span the last column). */
function leftColumns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((c, i) => {
      if (i < row.length - 1) widths[i] = Math.max(widths[i] ?? 0, c.length);
    });
  return rows.map((row) =>
    row
      .map((c, i) => (i < row.length - 1 ? c.padEnd(widths[i] ?? 0) : c))
      .join('  ')
      .trimEnd(),
  );
}
