/**
 * The 12,000-connection drain, for instruction counts that do not depend on machine load:
 * `valgrind --tool=callgrind node --single-threaded --import tsx bench/drain.callgrind.ts 3`
 * (run from the repository root with Node 24: `.cache/node/node_modules/.bin/node`). Compare the
 * "Collected" totals of two versions; on a busy machine times vary by 30 % and counts by < 1 %.
 */
import { getScenario, simulate } from '../src/sim/index.ts';

const drain = getScenario('drain-cluster-nodeport-probe');
if (!drain) throw new Error('drain-cluster-nodeport-probe is missing');
const runs = Number(process.argv[2] ?? 3);
for (let i = 0; i < runs; i++) simulate(drain);
