/**
 * The practice families, one module each. To add a family (the eBPF data path, say):
 *  1. add its id to FAMILY_IDS in types.ts and its lesson to FAMILY_LESSONS in
 *     src/sim/practiceFamilies.ts;
 *  2. write `families/<id>.ts` exporting a `Family`: `generate(seed, rng)` builds the puzzle
 *     (scenario, setup sentences, questions with their moment and the misconceptions each is
 *     aimed at) without running the engine; `solve(puzzle, run)` reads the engine's run (and
 *     may run more) and returns one KeyEntry per question, each with the mechanism as a phrase;
 *  3. list it in FAMILIES below;
 *  4. add its message keys (prompts `practice.q.<id>.*`, options, `practice.why.*`) to
 *     src/i18n/locales/practice/{en,de}.json, and its rules to the course learner in
 *     tests/sim/practiceLearners.ts (and a misconception learner for what it is aimed at).
 * tests/sim/practiceFamilies.test.ts then checks every seed of it is valid, solvable and fair.
 */
import { balanceFamily } from './families/balance.ts';
import { clusterFamily } from './families/cluster.ts';
import { directReturnFamily } from './families/directReturn.ts';
import { drainFamily } from './families/drain.ts';
import { ingressFamily } from './families/ingress.ts';
import { ipModeFamily } from './families/ipMode.ts';
import { localFamily } from './families/local.ts';
import { metallbFamily } from './families/metallb.ts';
import { pathFamily } from './families/path.ts';
import { proxyFamily } from './families/proxy.ts';
import { zonesFamily } from './families/zones.ts';
import type { Family, FamilyId } from './types.ts';

/** Every family, in lesson order. */
export const FAMILIES: readonly Family[] = [
  pathFamily,
  clusterFamily,
  directReturnFamily,
  localFamily,
  balanceFamily,
  zonesFamily,
  metallbFamily,
  drainFamily,
  ipModeFamily,
  proxyFamily,
  ingressFamily,
];

/** The module of a family. */
export function familyModule(id: FamilyId): Family {
  const f = FAMILIES.find((x) => x.id === id);
  if (!f) throw new Error(`unknown practice family ${id}`);
  return f;
}
