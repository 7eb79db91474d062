/** Anchor ids the glossary page defines; `<Term id>` in lessons must use one of them. */
export const glossaryIds: readonly string[] = [
  'load-balancer',
  'service-loadbalancer',
  'nodeport',
  'kube-proxy',
  'iptables-chain',
  'dnat',
  'snat',
  'masquerade',
  'conntrack',
  'external-traffic-policy',
  'extra-hop',
  'client-ip',
  'direct-return',
  'dsr',
  'endpointslice',
  'endpoint',
  'ingress-node',
  'evict',
  'traffic',
  'syn',
  'endpoint-conditions',
  'health-probe',
  'health-check-node-port',
  'kube-proxy-healthz',
  'probe-interval-threshold',
  'drain',
  'cordon',
  'graceful-node-shutdown',
  'terminating-endpoint',
  'pod-anti-affinity',
  'topology-spread',
  'disruption-window',
  'proxy-protocol',
  'x-forwarded-for',
  'internal-traffic-policy',
  'ip-mode',
  // UI terms (one word each across lessons, pages and UI strings)
  'cluster-autoscaler',
  'instance-targets',
  'passive-health-checks',
  'playground',
  'probe-phase',
  'relay',
  'replicas',
  'target-group',
  'terminate',
  'timeout',
  'what-if',
];

/** A heading for the table of contents (the shape of Astro's MarkdownHeading). */
export interface GlossaryHeading {
  depth: number;
  slug: string;
  text: string;
}

/**
 * The glossary page's headings: its letters (`## A`) and, under each, its terms
 * (`<h3 id="…">term · other language</h3>`). The term headings are HTML so they keep the stable
 * ids `<Term>` links to, and MDX does not report HTML headings; without this the table of
 * contents listed only the letters. The text is the term in the page's language (before " · ").
 */
export function glossaryHeadings(body: string): GlossaryHeading[] {
  const out: GlossaryHeading[] = [];
  const re = /^## (.+)$|^<h3 id="([^"]+)">(.+?)<\/h3>$/gm;
  for (const m of body.matchAll(re)) {
    const [, letter, id, html] = m;
    if (letter) out.push({ depth: 2, slug: slugOf(letter), text: letter.trim() });
    else if (id && html) out.push({ depth: 3, slug: id, text: termText(html) });
  }
  return out;
}

/** The slug Astro gives a one-letter heading ("A" → "a"). */
function slugOf(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The term in the page's language, without markup or the other language's name. */
function termText(html: string): string {
  const [term = html] = html.split(' · ');
  return term.replace(/<[^>]+>|`/g, '').trim();
}
