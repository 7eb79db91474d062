/**
 * `simulate --from-kubectl`: through the injectable CliIo, in both languages. stdout carries
 * what a scenario file would give; the import report is printed too; bad input exits 2 with a
 * localized message and no stack trace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli/main.ts';
import { importKubectl } from '../../src/importer/index.ts';
import { samples } from '../../src/clusterCheck/samples.ts';
import { runScenario, validateScenario } from '../../src/sim/index.ts';

const aks = samples.find((s) => s.id === 'aks-cluster')?.text ?? '';
const eks = samples.find((s) => s.id === 'eks-drain')?.text ?? '';

function cli(
  argv: string[],
  files: Record<string, string> = {},
  stdin: string | null = null,
  env: Record<string, string> = {},
) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    // The CLI resolves paths against the directory the command was typed in ('/').
    fileSize: (p) => {
      const f = files[p.replace(/^\//, '')];
      return f === undefined ? null : new TextEncoder().encode(f).length;
    },
    readFile: (p) => files[p.replace(/^\//, '')] ?? null,
    env,
    cwd: '/',
    readStdin: () => stdin,
  };
  return { code: main(argv, io), stdout, stderr };
}

const noStack = (s: string): void => {
  expect(s).not.toMatch(/\n\s+at .+:\d+/);
  expect(s).not.toContain('Error:');
};

describe('simulate --from-kubectl', () => {
  it('--json prints the JSON of running the imported scenario as a file, plus the page’s verdicts', () => {
    const r = cli(['--from-kubectl', 'dump.yaml', '--json', '--seed', '4'], { 'dump.yaml': aks });
    expect(r.code).toBe(0);
    const imported = importKubectl(aks);
    if (!imported.ok) throw new Error('sample');
    // The same scenario handed over as a file gives the same run; the import adds the verdicts.
    const asFile = cli(['s.json', '--json', '--seed', '4'], {
      's.json': JSON.stringify(imported.scenario),
    });
    const out = JSON.parse(r.stdout) as {
      scenario: string;
      summary: { clientIpPreserved: number; connections: number };
      verdicts: Array<{ id: string; code: string; params: Record<string, unknown> }>;
      remedies: unknown[];
    };
    const { verdicts, remedies, ...run } = out;
    expect(run).toEqual(JSON.parse(asFile.stdout));
    expect(verdicts.find((v) => v.id === 'clientIp')?.code).toBe('clientIpLostCluster');
    expect(remedies.length).toBeGreaterThan(0);
    expect(out.scenario).toBe('from-kubectl');
    expect(out.summary.clientIpPreserved).toBe(0);
    // The report goes to stderr in --json mode, so stdout stays one JSON object.
    expect(r.stderr).toContain('Read and used:');
    expect(r.stderr).toContain(
      'Service shop/storefront: type LoadBalancer, externalTrafficPolicy Cluster.',
    );
  }, 30_000);

  it('reads standard input with -', () => {
    const r = cli(['--from-kubectl', '-', '--json'], {}, eks);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { summary: { connections: number } }).summary.connections).toBe(
      2000,
    );
    expect(cli(['--from-kubectl', '-'], {}, null).code).toBe(2);
  });

  it('--print-scenario prints a scenario the engine accepts, with --set applied', () => {
    const r = cli(
      [
        '--from-kubectl',
        'd.yaml',
        '--print-scenario',
        '--set',
        'service.externalTrafficPolicy=Local',
      ],
      { 'd.yaml': aks },
    );
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout) as unknown;
    const v = validateScenario(printed);
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.scenario.service.externalTrafficPolicy).toBe('Local');
    expect(runScenario(printed).ok).toBe(true);
  });

  it('--port, --preset and --service reach the importer', () => {
    const r = cli(
      [
        '--from-kubectl',
        'd.yaml',
        '--print-scenario',
        '--port',
        'https',
        '--preset',
        'azure-shared',
      ],
      { 'd.yaml': aks },
    );
    const s = JSON.parse(r.stdout) as {
      service: { port: number };
      loadBalancer: { preset: string; probe: { kind: string } };
    };
    expect(s.service.port).toBe(443);
    expect(s.loadBalancer).toMatchObject({
      preset: 'azure-shared',
      probe: { kind: 'httpKubeProxyHealthz' },
    });
    const bad = cli(['--from-kubectl', 'd.yaml', '--service', 'shop/nope'], { 'd.yaml': aks });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'There is no Service shop/nope in the dump. Available: shop/storefront, shop/storefront-metrics.',
    );
  });

  it('prints the report, the id map and the table in German', () => {
    const r = cli(['--from-kubectl', 'd.yaml', '--lang', 'de'], { 'd.yaml': eks });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Was der Import verwendet, abgeleitet und ignoriert hat:');
    expect(r.stdout).toContain('Gelesen und verwendet:');
    expect(r.stdout).toContain('ip-198-51-100-33 = ip-198-51-100-33.eu-central-1.compute.internal');
    expect(r.stdout).toContain('Dein Cluster (aus kubectl importiert)');
    expect(r.stdout).toMatch(/ \d+,\d\u00a0%/);
    expect(r.stdout).toContain('Befunde:');
    const en = cli(['--from-kubectl', 'd.yaml'], { 'd.yaml': eks }, null, { LANG: 'en_US.UTF-8' });
    expect(en.stdout).toContain('Inferred or assumed:');
    // The page's verdicts, worded as on the page.
    expect(en.stdout).toContain('Verdicts:');
    expect(en.stdout).toContain('is marked for deletion');
  });

  it.each([
    [['--from-kubectl', 'missing.yaml'], 'cannot be read', 'lässt sich nicht lesen'],
    [
      ['--from-kubectl', 'clusterip.yaml'],
      'No Service of type LoadBalancer or NodePort',
      'Kein Service vom Typ LoadBalancer oder NodePort',
    ],
    [
      ['--from-kubectl', 'broken.yaml'],
      'Not valid YAML or JSON: document 1, line 4, column 3',
      'Kein gültiges YAML oder JSON: Dokument 1, Zeile 4, Spalte 3',
    ],
    [['--from-kubectl', 'big.yaml'], 'at most 10485760 bytes are read', 'höchstens 10485760 Byte'],
    [
      ['--from-kubectl', 'd.yaml', '--port', 'nope'],
      'has no TCP port nope',
      'hat keinen TCP-Port nope',
    ],
    [
      ['--from-kubectl', 'd.yaml', '--preset', 'oracle'],
      'Unknown cloud preset oracle',
      'Unbekannte Cloud-Voreinstellung oracle',
    ],
    [
      ['--from-kubectl', 'd.yaml', '--frobnicate'],
      '--frobnicate: unknown option',
      '--frobnicate: unbekannte Option',
    ],
    [['--from-kubectl'], '--from-kubectl', '--from-kubectl'],
    [['--from-kubectl', 'd.yaml', '--seed', 'x'], '--seed', '--seed'],
    [
      ['--from-kubectl', 'd.yaml', '--set', 'nope.key=1'],
      'nope.key: unknown field',
      'nope.key: unbekanntes Feld',
    ],
  ])('bad input %j → exit 2, localized, no stack', (argv, en, de) => {
    const files = {
      'd.yaml': aks,
      'clusterip.yaml':
        'apiVersion: v1\nkind: Service\nmetadata:\n  name: db\n  namespace: default\nspec:\n  type: ClusterIP\n  ports:\n  - port: 5432\n',
      'broken.yaml': 'apiVersion: v1\nkind: List\nitems: [\n  - x: [\n',
      'big.yaml': `# ${'x'.repeat(10 * 1024 * 1024)}`,
    };
    for (const [lang, text] of [
      ['en', en],
      ['de', de],
    ] as const) {
      const r = cli([...argv, '--lang', lang], files);
      expect(r.code, lang).toBe(2);
      expect(r.stderr, lang).toContain(text);
      expect(r.stdout).toBe('');
      noStack(r.stderr);
    }
  });

  it('random flags and values never throw and never print a stack', () => {
    const flag = fc.constantFrom(
      '--service',
      '--port',
      '--preset',
      '--seed',
      '--set',
      '--lang',
      '--json',
      '--print-scenario',
      '--from-kubectl',
      '--nope',
      '-x',
      '--',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        '-',
        'd.yaml',
        'shop/storefront',
        'http',
        'azure',
        'de',
        '1',
        'a=b',
        '__proto__=1',
      ),
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(flag, value), { maxLength: 8 }), (rest) => {
        const r = cli(['--from-kubectl', 'd.yaml', ...rest], { 'd.yaml': aks }, aks);
        expect([0, 2]).toContain(r.code);
        noStack(r.stderr);
        if (r.code === 2) expect(r.stderr.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('an internal error is one generic line', () => {
    const io: CliIo = {
      stdout: () => {
        throw new Error('boom');
      },
      stderr: (t) => void (captured += t),
      fileSize: () => aks.length,
      readFile: () => aks,
      env: {},
      cwd: '/',
    };
    let captured = '';
    expect(main(['--from-kubectl', 'd.yaml'], io)).toBe(1);
    expect(captured).toContain('Internal error in the simulation');
    noStack(captured);
  });
});
