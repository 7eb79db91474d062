/**
 * Practice puzzles: every family's puzzles are valid scenarios, solvable, deterministic, name
 * their moment, and their key grades itself right; feedback comes from the mechanism the engine
 * ran (deregistration, the preset's delivery, only Pods that exist).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/sim/index.ts';
import {
  FAMILY_IDS,
  FAMILY_LESSONS,
  generatePuzzle,
  gradePuzzle,
  keyAnswers,
  mixedFamily,
  solvePuzzle,
  type FamilyId,
  type Phrase,
} from '../../src/sim/practice.ts';
import { fadingOf, givenIn, readNumber } from '../../src/sim/practiceRound.ts';

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/** Every value a phrase cites, flattened (to check that feedback names only real things). */
function cited(p: Phrase): string[] {
  return Object.values(p.vars ?? {}).flatMap((v) =>
    Array.isArray(v)
      ? v.flatMap((x) => (typeof x === 'object' ? cited(x) : [String(x)]))
      : [String(v)],
  );
}

describe('practice puzzles', () => {
  it('the same seed and family give the same puzzle and key', { timeout: 60_000 }, () => {
    for (const f of FAMILY_IDS) {
      const a = generatePuzzle(42, f);
      expect(generatePuzzle(42, f)).toEqual(a);
      expect(solvePuzzle(generatePuzzle(42, f))).toEqual(solvePuzzle(a));
      expect(a.family).toBe(f);
      expect(a.lesson).toBe(FAMILY_LESSONS[f]);
    }
    expect(generatePuzzle(1, 'cluster')).not.toEqual(generatePuzzle(2, 'cluster'));
  });

  it('every lesson has a family, and mixed rounds reach every family', () => {
    expect(new Set(Object.values(FAMILY_LESSONS))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    const seen = new Set<FamilyId>();
    for (let s = 0; s < 400; s++) seen.add(mixedFamily(s));
    expect(seen).toEqual(new Set(FAMILY_IDS));
    expect(generatePuzzle(7).family).toBe(mixedFamily(7));
  });

  it.each(FAMILY_IDS)(
    '%s: valid, solvable, every question with its moment, its key right',
    (family) => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const p = generatePuzzle(seed, family);
          const v = validateScenario(p.scenario);
          expect(v.ok, JSON.stringify(v.ok ? [] : v.issues)).toBe(true);
          const key = solvePuzzle(p);
          expect(key.map((k) => k.id)).toEqual(p.questions.map((q) => q.id));
          for (const q of p.questions) {
            expect(['before', 'after', 'run']).toContain(q.moment);
            if (q.kind !== 'number') expect(q.options?.length).toBeGreaterThan(1);
            const k = key.find((x) => x.id === q.id);
            expect(k?.moment).toBe(q.moment);
            // A choice key is one of the options offered.
            if (q.kind === 'choice') expect(q.options?.map((o) => o.value)).toContain(k?.answer);
            if (q.kind === 'multi')
              for (const a of k?.answer as string[])
                expect(q.options?.map((o) => o.value)).toContain(a);
          }
          // Only drain-like puzzles have moments other than the whole run.
          if (!p.scenario.timeline.length)
            expect(p.questions.every((q) => q.moment === 'run')).toBe(true);
          expect(gradePuzzle(key, keyAnswers(key)).every((g) => g.correct)).toBe(true);
          // Feedback cites only Pods and nodes that exist.
          const names = new Set([
            ...p.scenario.pods.map((x) => x.id),
            ...p.scenario.nodes.map((x) => x.id),
          ]);
          for (const k of key)
            for (const c of cited(k.explanation))
              if (/^(pod|node)-[a-z0-9]+$/.test(c))
                expect(names.has(c), `${k.id} cites ${c}`).toBe(true);
        }),
        { numRuns: family === 'drain' ? 25 : 60 },
      );
    },
    240_000,
  );

  it('an empty answer is wrong for every question', () => {
    const p = generatePuzzle(3, 'local');
    const key = solvePuzzle(p);
    expect(gradePuzzle(key, {}).some((g) => g.correct)).toBe(false);
  });
});

describe('feedback from the mechanism the engine ran', () => {
  it('a tainted node the AWS Load Balancer Controller deregisters: 0 s, explained by the deregistration', () => {
    let found = 0;
    for (let seed = 0; seed < 400 && found < 3; seed++) {
      const p = generatePuzzle(seed, 'drain');
      if (p.facts['preset'] !== 'aws-lbc' || p.facts['autoscaler'] !== true) continue;
      found++;
      const key = solvePuzzle(p);
      for (const k of key.filter((x) => x.id.startsWith('window'))) {
        expect(k.answer).toBe(0);
        // The band questions tell the band first, then the run's story.
        const story =
          k.explanation.vars?.['story'] !== undefined
            ? (k.explanation.vars['story'] as Phrase[])[0]
            : k.explanation;
        expect(story?.key).toBe('practice.why.windowDeregistered');
      }
    }
    expect(found).toBe(3);
  }, 120_000);

  it('where the load balancer keeps the frontend address the arrival says so, per preset', () => {
    for (let seed = 0; seed < 60; seed++) {
      const p = generatePuzzle(seed, 'path');
      const [arrival] = solvePuzzle(p);
      const aws = String(p.facts['preset']).startsWith('aws');
      expect(arrival?.answer).toBe(aws ? 'nodePort' : 'frontend');
      expect(arrival?.explanation.key).toBe(
        aws ? 'practice.why.arrivalNodePort' : 'practice.why.arrivalVip',
      );
      expect(arrival?.explanation.vars?.['preset']).toBe(
        `@practice.preset.${String(p.facts['preset'])}`,
      );
    }
  });

  it('a drain window is explained by the checks that failed, with their answers', () => {
    const p = generatePuzzle(1, 'drain');
    const key = solvePuzzle(p);
    const w = key.find((k) => k.id.startsWith('window'));
    expect([
      'practice.why.windowChecks',
      'practice.why.windowNone',
      'practice.why.windowDeregistered',
    ]).toContain(w?.explanation.key);
    if (w?.explanation.key === 'practice.why.windowChecks') {
      const checks = w.explanation.vars?.['checks'] as Phrase[];
      expect(checks.length).toBe(p.scenario.loadBalancer.probe.unhealthyThreshold);
    }
  }, 60_000);
});

describe('the checks a window explanation names', () => {
  it('a silent check counts at its timeout, even when that lands on the next send time', () => {
    // Seed 90011: AWS NLB, Local, checks every 10 s with a 10 s timeout, first check at 4 s.
    const p = generatePuzzle(90011, 'drain');
    expect(p.scenario.loadBalancer.probe).toMatchObject({ interval: 10, timeout: 10 });
    const k = solvePuzzle(p).at(-1);
    const story = (k?.explanation.vars?.['story'] as Phrase[])[0];
    expect(story?.vars?.['checks']).toEqual([
      { key: 'practice.check.status', vars: { sent: 14, status: 503 } },
      { key: 'practice.check.timeout', vars: { sent: 24, counted: 34 } },
    ]);
  }, 60_000);
});

describe('a round without the engine', () => {
  it('fades from worked to partly worked to solo, half the questions given in between', () => {
    expect([0, 1, 2, 9].map(fadingOf)).toEqual(['worked', 'partial', 'solo', 'solo']);
    expect(givenIn('worked', ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(givenIn('partial', ['a', 'b', 'c', 'd'])).toEqual(['a', 'b']);
    expect(givenIn('partial', ['a', 'b', 'c'])).toEqual(['a']);
    expect(givenIn('solo', ['a', 'b'])).toEqual([]);
  });

  it('reads numbers in either language, and a share as a fraction', () => {
    expect(readNumber('33,3', 'percent')).toBe(33.3);
    expect(readNumber(' 6.5 ', 'seconds')).toBe(6.5);
    expect(readNumber('1/15', 'percent')).toBeCloseTo(6.667, 3);
    expect(readNumber('3/2', 'times')).toBe(1.5);
    expect(readNumber('1/0', 'percent')).toBeNull();
    expect(readNumber('1/3', 'seconds')).toBeNull();
    expect(readNumber('abc')).toBeNull();
    expect(readNumber('1e3')).toBeNull();
  });
});
