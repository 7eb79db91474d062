/**
 * Loading a node's kernel program into its namespace and reading it back: the iptables-restore
 * text of kube-proxy's iptables mode (through the nf_tables backend), or the `nft -f` script of
 * its nftables mode. The count read back is compared with what the engine emitted.
 */
import type { KernelProgram } from '../sim/dataPath.ts';
import { ruleCount } from './collect.ts';
import { NFT, type Tools } from './preflight.ts';
import { runSync, type Result } from './proc.ts';

/** Load `program` into namespace `ns` (the nftables table replaces an earlier one atomically). */
export function loadProgram(ns: string, program: KernelProgram, tools: Tools): Result {
  const argv = program.loader === 'nft' ? [NFT, '-f', '-'] : [tools.restore];
  return runSync(['ip', 'netns', 'exec', ns, ...argv], program.text);
}

/** Rules of the `ip kube-proxy` table in `nft -j list` output (one `rule` object per rule). */
export function nftRuleCount(json: string): number {
  try {
    const parsed: unknown = JSON.parse(json);
    const items =
      typeof parsed === 'object' && parsed !== null && 'nftables' in parsed ? parsed.nftables : [];
    return Array.isArray(items)
      ? items.filter((o: unknown) => typeof o === 'object' && o !== null && 'rule' in o).length
      : 0;
  } catch {
    return 0;
  }
}

/** The rules the kernel holds for `loader` in namespace `ns`, and the listing they came from. */
export function loadedRules(
  ns: string,
  loader: KernelProgram['loader'],
  tools: Tools,
): { rules: number; listing: string } {
  if (loader === 'nft') {
    const listing = runSync(['ip', 'netns', 'exec', ns, NFT, 'list', 'table', 'ip', 'kube-proxy']);
    const json = runSync([
      'ip',
      'netns',
      'exec',
      ns,
      NFT,
      '-j',
      'list',
      'table',
      'ip',
      'kube-proxy',
    ]);
    return { rules: nftRuleCount(json.stdout), listing: listing.stdout };
  }
  const saved = runSync(['ip', 'netns', 'exec', ns, tools.save]).stdout;
  return { rules: ruleCount(saved), listing: saved };
}
