/**
 * The test dumps (tests/fixtures/kubectl): each file is its definition printed as kubectl
 * prints it; the page's analysis gives exactly the verdicts a platform engineer expects (written
 * in fixtures.ts before the code ran), with a remedy on every problem; and the CLI's
 * `--from-kubectl --json` carries the same verdicts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/clusterCheck/analyze.ts';
import { main, type CliIo } from '../../src/cli/main.ts';
import { dumpObjects, toKubectlYaml } from '../importer/dump.ts';
import { FIXTURES, type Fixture } from '../fixtures/kubectl/fixtures.ts';

const text = (f: Fixture): string =>
  readFileSync(new URL(`../fixtures/kubectl/${f.id}.yaml`, import.meta.url), 'utf8');

/** The CLI's stdout for a dump (through the injectable io). */
function cliJson(dump: string, args: string[] = []): unknown {
  let stdout = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: () => undefined,
    fileSize: () => dump.length,
    readFile: () => dump,
    env: {},
    cwd: '/',
  };
  expect(main(['--from-kubectl', 'dump.yaml', '--json', ...args], io)).toBe(0);
  return JSON.parse(stdout) as unknown;
}

describe.each(FIXTURES.map((f) => [f.id, f] as const))('test dump %s', (_id, f) => {
  const yaml = text(f);
  const analyzed = analyzeText(yaml);
  if (!analyzed.ok) throw new Error(JSON.stringify(analyzed.issues));
  const { verdicts, remedies } = analyzed.analysis.today;

  it('is its definition, printed as kubectl prints it', () => {
    expect(yaml).toBe(toKubectlYaml(dumpObjects(f.def)));
  });

  it('gives exactly the verdicts written down for it', () => {
    const roles = new Set(f.announcerAmong?.map((n) => `node:${n}`));
    const got = verdicts.filter((v) => !roles.has(v.id));
    expect(got.map((v) => `${v.id} ${v.code}`).sort()).toEqual(
      f.expect.map((e) => `${e.id} ${e.code}`).sort(),
    );
    for (const e of f.expect) {
      const v = verdicts.find((x) => x.id === e.id);
      for (const [k, want] of Object.entries(e.params ?? {})) {
        const have = v?.params[k];
        if (typeof want === 'number') expect(have, `${e.id} ${k}`).toBeCloseTo(want, 1);
        else expect(have, `${e.id} ${k}`).toBe(want);
      }
    }
    if (f.announcerAmong) {
      const l2 = verdicts.filter((v) => roles.has(v.id));
      expect(l2.filter((v) => v.code === 'nodeL2Announcer')).toHaveLength(1);
      expect(l2.filter((v) => v.code === 'nodeL2Standby')).toHaveLength(roles.size - 1);
      expect(l2.find((v) => v.code === 'nodeL2Announcer')?.params['percent']).toBe(100);
    }
  });

  it('never contradicts itself: one verdict per question, every node once', () => {
    const ids = verdicts.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    const nodes = analyzed.analysis.today.scenario.nodes.length;
    const named = verdicts.filter((v) => v.id.startsWith('node:')).length;
    const counted = verdicts
      .filter((v) => v.code === 'nodesMore')
      .reduce((n, v) => n + Number(v.params['count']), 0);
    const notInPath = verdicts.find((v) => v.code === 'nodesNotInPath')?.params['count'];
    expect(named + counted || notInPath).toBe(nodes);
  });

  it('carries a remedy for every problem verdict, with its patch', () => {
    const problems = verdicts.filter(
      (v) =>
        v.tone === 'bad' ||
        [
          'clientIpLostCluster',
          'clientIpLost',
          'clientIpPartly',
          'clientIpIpTargetsLost',
          'nodeCordonedPods',
          'nodeCordonedForwards',
        ].includes(v.code) ||
        v.code.startsWith('shareUneven'),
    );
    for (const p of problems)
      expect(
        remedies.some((r) => r.remedy.for === p.id),
        `${p.id} ${p.code}`,
      ).toBe(true);
    for (const [id, codes] of Object.entries(f.remedies ?? {}))
      expect(remedies.filter((r) => r.remedy.for === id).map((r) => r.remedy.code)).toEqual(
        expect.arrayContaining(codes),
      );
    for (const r of remedies) {
      // In the Service's namespace, with its names (a node's command names the node instead).
      if (r.remedy.patch.object.startsWith('Node '))
        expect(r.remedy.patch.text).toContain(r.remedy.patch.object.slice('Node '.length));
      else expect(r.remedy.patch.text).toContain(analyzed.analysis.meta.service.namespace);
      if (r.remedy.choices.length > 0) expect(r.after?.id).toBe(r.remedy.for);
    }
  });

  it('page and CLI agree: --from-kubectl --json carries the same verdicts and remedies', () => {
    const out = cliJson(yaml) as { verdicts: unknown; remedies: unknown };
    expect(out.verdicts).toEqual(JSON.parse(JSON.stringify(verdicts)));
    expect(out.remedies).toEqual(JSON.parse(JSON.stringify(remedies)));
  });
});
