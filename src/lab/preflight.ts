/**
 * What the lab needs before it creates anything: Linux, root, the tools (iproute2, iptables
 * with the nf_tables backend, conntrack, sysctl, tcpdump for a capture, nft for kube-proxy's
 * nftables mode) and the kernel's netfilter pieces kube-proxy's rules use. Each missing piece becomes a refusal that names it.
 * The kernel probe loads one tiny rule per feature into a scratch namespace of the run.
 */
import type { Result } from './proc.ts';

/** A missing piece, as a message code plus the data the message names. */
export interface Refusal {
  code: 'notLinux' | 'notRoot' | 'tool' | 'iptablesLegacy' | 'kernel' | 'kernelNft' | 'netns';
  tool?: string;
  pkg?: string;
  feature?: string;
  /** What needs the missing feature (message key lab.use.<use>). */
  use?: string;
  detail?: string;
}

export interface Tools {
  /** iptables-restore for the nf_tables backend. */
  restore: string;
  save: string;
}

/** The tool that loads an `nft -f` script (kube-proxy's nftables mode). */
export const NFT = 'nft';

/** The tools the lab runs, the Debian package each comes from and why it is needed. */
export const TOOLS: ReadonlyArray<{
  tool: string;
  pkg: string;
  probe: string[];
  capture?: true;
  nft?: true;
}> = [
  { tool: 'ip', pkg: 'iproute2', probe: ['ip', '-V'] },
  { tool: 'sysctl', pkg: 'procps', probe: ['sysctl', '--version'] },
  { tool: 'conntrack', pkg: 'conntrack', probe: ['conntrack', '--version'] },
  { tool: 'tcpdump', pkg: 'tcpdump', probe: ['tcpdump', '--version'], capture: true },
  // kube-proxy's nftables mode loads its table with nft (Debian package nftables).
  { tool: 'nft', pkg: 'nftables', probe: ['nft', '--version'], nft: true },
];

/** Check the platform and the tools; `exec` runs a probe command. */
export function checkTools(
  exec: (argv: string[]) => Result,
  env: { platform: string; uid: number; capture: boolean; nft?: boolean },
): { ok: true; tools: Tools } | { ok: false; refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  if (env.platform !== 'linux') return { ok: false, refusals: [{ code: 'notLinux' }] };
  if (env.uid !== 0) refusals.push({ code: 'notRoot' });
  for (const t of TOOLS) {
    if (t.capture && !env.capture) continue;
    if (t.nft && env.nft !== true) continue;
    if (exec(t.probe).code !== 0) refusals.push({ code: 'tool', tool: t.tool, pkg: t.pkg });
  }
  // Prefer the explicit nf_tables binaries (Debian: iptables-nft-restore), else the default one
  // when it reports the nf_tables backend.
  let tools: Tools | null = null;
  const nft = exec(['iptables-nft-restore', '--version']);
  if (nft.code === 0) tools = { restore: 'iptables-nft-restore', save: 'iptables-nft-save' };
  else {
    const plain = exec(['iptables-restore', '--version']);
    if (plain.code !== 0)
      refusals.push({ code: 'tool', tool: 'iptables-restore', pkg: 'iptables' });
    else if (!/nf_tables/.test(plain.stdout + plain.stderr))
      refusals.push({ code: 'iptablesLegacy' });
    else tools = { restore: 'iptables-restore', save: 'iptables-save' };
  }
  if (refusals.length > 0 || !tools) return { ok: false, refusals };
  return { ok: true, tools };
}

/** One netfilter feature the rules need, with a minimal restore text that uses it. */
export interface Feature {
  feature: string;
  /** What in kube-proxy's (or the stand-in LB's) rules needs it (message key lab.use.<use>). */
  use: string;
  text: string;
}

const filterTable = (rule: string): string =>
  `*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n${rule}\nCOMMIT\n`;
const natTable = (rule: string): string =>
  `*nat\n:PREROUTING ACCEPT [0:0]\n:INPUT ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n:POSTROUTING ACCEPT [0:0]\n${rule}\nCOMMIT\n`;
const mangleTable = (rule: string): string =>
  `*mangle\n:PREROUTING ACCEPT [0:0]\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n:POSTROUTING ACCEPT [0:0]\n${rule}\nCOMMIT\n`;

/** Every match and target the emitted rules use, probed one at a time. */
export const FEATURES: readonly Feature[] = [
  { feature: 'nf_tables (filter table)', use: 'everyRule', text: filterTable('') },
  { feature: 'nf_tables nat table', use: 'natTable', text: natTable('') },
  {
    feature: 'xt_comment (-m comment)',
    use: 'comments',
    text: filterTable('-A INPUT -m comment --comment probe -j ACCEPT'),
  },
  {
    feature: 'xt_tcpudp (-m tcp)',
    use: 'ports',
    text: filterTable('-A INPUT -p tcp -m tcp --dport 1 -j ACCEPT'),
  },
  {
    feature: 'xt_addrtype (-m addrtype)',
    use: 'nodePortJump',
    text: filterTable('-A INPUT -m addrtype --dst-type LOCAL -j ACCEPT'),
  },
  {
    feature: 'xt_statistic (-m statistic)',
    use: 'randomEndpoint',
    text: filterTable('-A INPUT -m statistic --mode random --probability 0.5000000000 -j ACCEPT'),
  },
  {
    feature: 'xt_mark (-m mark)',
    use: 'markMatch',
    text: filterTable('-A INPUT -m mark --mark 0x4000/0x4000 -j ACCEPT'),
  },
  {
    feature: 'xt_conntrack (-m conntrack)',
    use: 'ctstate',
    text: filterTable('-A INPUT -m conntrack --ctstate NEW -j ACCEPT'),
  },
  {
    feature: 'REJECT target',
    use: 'reject',
    text: filterTable('-A INPUT -p tcp -j REJECT'),
  },
  {
    feature: 'MARK target',
    use: 'markTarget',
    text: natTable('-A PREROUTING -j MARK --or-mark 0x4000'),
  },
  {
    feature: 'DNAT target',
    use: 'dnat',
    text: natTable('-A PREROUTING -p tcp -j DNAT --to-destination 192.0.2.1:1'),
  },
  {
    feature: 'MASQUERADE target with --random-fully',
    use: 'masquerade',
    text: natTable('-A POSTROUTING -j MASQUERADE --random-fully'),
  },
  {
    feature: 'CONNMARK target',
    use: 'connmark',
    text: mangleTable('-A PREROUTING -j CONNMARK --restore-mark'),
  },
];

/** Load each feature's rule; the first failure names the missing piece. */
export function probeKernel(
  load: (text: string) => Result,
  features: readonly Feature[] = FEATURES,
  /** 'kernelNft' when `load` is `nft -f -` (the message names the tool that refused). */
  code: 'kernel' | 'kernelNft' = 'kernel',
): Refusal | null {
  for (const f of features) {
    const r = load(f.text);
    if (r.code !== 0) {
      return {
        code,
        feature: f.feature,
        use: f.use,
        detail: r.stderr.trim().split('\n')[0] ?? '',
      };
    }
  }
  return null;
}

/** An nft script that creates a scratch table, uses one feature, and leaves nothing behind. */
const nftProbe = (lines: string): string =>
  `add table ip hbh-probe\ndelete table ip hbh-probe\nadd table ip hbh-probe\n${lines}\ndelete table ip hbh-probe\n`;

/** Every nftables feature kube-proxy's table uses, probed one at a time (with `nft -f -`). */
export const NFT_FEATURES: readonly Feature[] = [
  {
    feature: 'nf_tables nat chains',
    use: 'natTable',
    text: nftProbe('add chain ip hbh-probe c { type nat hook prerouting priority -100 ; }'),
  },
  {
    feature: 'verdict maps with concatenated keys (ipv4_addr . inet_proto . inet_service)',
    use: 'nftMaps',
    text: nftProbe(
      'add map ip hbh-probe m { type ipv4_addr . inet_proto . inet_service : verdict ; }\nadd chain ip hbh-probe c\nadd rule ip hbh-probe c ip daddr . meta l4proto . th dport vmap @m',
    ),
  },
  {
    feature: 'numgen (numgen random mod n vmap)',
    use: 'nftNumgen',
    text: nftProbe(
      'add chain ip hbh-probe e\nadd chain ip hbh-probe c\nadd rule ip hbh-probe c numgen random mod 1 vmap { 0 : goto e }',
    ),
  },
  {
    feature: 'fib (fib saddr type local)',
    use: 'nftFib',
    text: nftProbe('add chain ip hbh-probe c\nadd rule ip hbh-probe c fib saddr type local return'),
  },
  {
    feature: 'conntrack state (ct state new)',
    use: 'ctstate',
    text: nftProbe('add chain ip hbh-probe c\nadd rule ip hbh-probe c ct state new return'),
  },
  {
    feature: 'reject',
    use: 'reject',
    text: nftProbe(
      'add chain ip hbh-probe c { type filter hook input priority 0 ; }\nadd rule ip hbh-probe c meta l4proto tcp th dport 1 reject',
    ),
  },
  {
    feature: 'dnat',
    use: 'dnat',
    text: nftProbe(
      'add chain ip hbh-probe c { type nat hook prerouting priority -100 ; }\nadd rule ip hbh-probe c meta l4proto tcp th dport 1 dnat to 192.0.2.1:1',
    ),
  },
  {
    feature: 'masquerade fully-random',
    use: 'masquerade',
    text: nftProbe(
      'add chain ip hbh-probe c { type nat hook postrouting priority 100 ; }\nadd rule ip hbh-probe c mark and 0x4000 == 0 return\nadd rule ip hbh-probe c mark set mark xor 0x4000\nadd rule ip hbh-probe c masquerade fully-random',
    ),
  },
];
