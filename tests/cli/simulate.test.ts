import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli/main.ts';
import { getScenario } from '../../src/sim/index.ts';

function cli(argv: string[], files: Record<string, string> = {}, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    fileSize: (p) => (p in files ? (files[p]?.length ?? 0) : null),
    readFile: (p) => files[p] ?? null,
    env,
  };
  const code = main(argv, io);
  return { code, stdout, stderr };
}

const noStack = (s: string): void => {
  expect(s).not.toMatch(/\n\s+at .+:\d+/);
  expect(s).not.toContain('Error:');
};

describe('simulate CLI', () => {
  it('prints exactly one JSON object with the documented fields', () => {
    const r = cli(['cluster-snat', '--json', '--seed', '3']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      scenario: string;
      seed: number;
      summary: Record<string, unknown>;
      connections: Array<Record<string, unknown>>;
    };
    expect(out.scenario).toBe('cluster-snat');
    expect(out.seed).toBe(3);
    expect(Object.keys(out.summary)).toEqual(
      expect.arrayContaining([
        'connections',
        'succeeded',
        'failed',
        'clientIpPreserved',
        'podShare',
        'disruption',
        'nodes',
        'expectedShare',
      ]),
    );
    expect(Object.keys(out.connections[0] ?? {})).toEqual([
      'id',
      'at',
      'ingressNode',
      'pod',
      'podNode',
      'sourceSeenByPod',
      'outcome',
      'reason',
    ]);
    expect(out.summary['connections']).toBe(out.connections.length);
  });
  it('applies --set and runs files', () => {
    const file = JSON.stringify(getScenario('local'));
    const r = cli(['my/local.json', '--json', '--set', 'traffic.duration=1'], {
      'my/local.json': file,
    });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { summary: { connections: number } }).summary.connections).toBe(
      11,
    );
  });
  it('prints its table with the decimals of the chosen language', () => {
    const de = cli(['drain-cluster-nodeport-probe', '--lang', 'de']).stdout;
    const en = cli(['drain-cluster-nodeport-probe', '--lang', 'en']).stdout;
    expect(de).toMatch(/: \d+,\d{3} s \(\d+,\d{3} s … \d+,\d{3} s\)/);
    expect(de).toMatch(/ \d+,\d %/);
    expect(de).not.toMatch(/\d\.\d/);
    expect(en).toMatch(/: \d+\.\d{3} s \(\d+\.\d{3} s … \d+\.\d{3} s\)/);
  });
  it('lists scenarios localized and prints the schema', () => {
    expect(cli(['--list', '--lang', 'de']).stdout).toContain('drain-local-hcnp');
    expect(cli(['--list', '--lang', 'de']).stdout).toContain('Pod');
    expect(JSON.parse(cli(['--schema']).stdout)).toMatchObject({ title: 'Hop by Hop scenario' });
  });
  it.each([
    [['nope'], 'Unknown scenario'],
    [['bad.json'], 'not valid JSON'],
    [['invalid.json'], 'traffic'],
    [['missing.json'], 'cannot be read'],
    [['cluster-snat', '--set', 'foo.bar=1'], 'foo.bar: unknown field'],
    [
      ['cluster-snat', '--set', 'loadBalancer.probe.interval=fast'],
      'loadBalancer.probe.interval: expected a number',
    ],
    [['cluster-snat', '--set', 'masquerade'], 'key=value'],
    [['cluster-snat', '--seed', 'x'], '--seed'],
    [['cluster-snat', '--frobnicate'], '--frobnicate: unknown option'],
    [['big.json'], 'too large'],
  ])('bad input %j → exit 2 naming the field', (argv, text) => {
    const files = {
      'bad.json': '{nope',
      'invalid.json': JSON.stringify({ ...getScenario('cluster-snat'), traffic: { rate: 'many' } }),
      'big.json': 'x'.repeat(10 * 1024 * 1024 + 1),
    };
    const r = cli(argv, files);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(text);
    noStack(r.stderr);
  });
  it('speaks German with --lang de or LANG=de_DE', () => {
    const a = cli(['cluster-snat', '--set', 'masquerade=vielleicht', '--lang', 'de']);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('Die Eingabe ist ungültig');
    expect(a.stderr).toContain('masquerade: erwartet wird true oder false');
    const b = cli(['gibtsnicht'], {}, { LANG: 'de_DE.UTF-8' });
    expect(b.stderr).toContain('Unbekanntes Szenario');
  });
  it('catches internal errors with one generic line', () => {
    const io: CliIo = {
      stdout: () => {
        throw new Error('boom');
      },
      stderr: (t) => void (captured += t),
      fileSize: () => null,
      readFile: () => null,
      env: {},
    };
    let captured = '';
    expect(main(['cluster-snat', '--json'], io)).toBe(1);
    expect(captured).toContain('Internal error');
    noStack(captured);
  });
  it('reads real files through the entry point io', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hop-'));
    const path = join(dir, 's.json');
    writeFileSync(path, JSON.stringify(getScenario('cluster-no-endpoints')));
    const r = cli([path, '--json'], {
      [path]: JSON.stringify(getScenario('cluster-no-endpoints')),
    });
    expect(r.code).toBe(0);
  });
});
