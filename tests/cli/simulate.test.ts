import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli/main.ts';
import { getScenario } from '../../src/sim/index.ts';

const CWD = '/home/learner/work';

function cli(argv: string[], files: Record<string, string> = {}, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    // Files are keyed by their path relative to the directory the command was typed in.
    fileSize: (p) => {
      const f = files[p.startsWith(`${CWD}/`) ? p.slice(CWD.length + 1) : p];
      return f === undefined ? null : f.length;
    },
    readFile: (p) => files[p.startsWith(`${CWD}/`) ? p.slice(CWD.length + 1) : p] ?? null,
    env,
    cwd: CWD,
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
        'clientIpKnownToApp',
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
      'clientSeenByApp',
      'clientSeenVia',
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
    expect(de).toMatch(/: \d+,\d{3}\u00a0s \(\d+,\d{3}\u00a0s … \d+,\d{3}\u00a0s\)/);
    expect(de).toMatch(/ \d+,\d\u00a0%/);
    expect(de).not.toMatch(/\d\.\d/);
    expect(en).toMatch(/: \d+\.\d{3}\u00a0s \(\d+\.\d{3}\u00a0s … \d+\.\d{3}\u00a0s\)/);
  });
  it('lists scenarios localized and prints the schema', () => {
    expect(cli(['--list', '--lang', 'de']).stdout).toContain('drain-local-hcnp');
    expect(cli(['--list', '--lang', 'de']).stdout).toContain('Pod');
    expect(JSON.parse(cli(['--schema']).stdout)).toMatchObject({ title: 'Hop by Hop scenario' });
  });
  it.each([
    [['nope'], 'there is no scenario "nope"'],
    [['bad.json'], 'not valid JSON'],
    [['invalid.json'], 'traffic'],
    [['missing.json'], 'cannot be read'],
    [['cluster-snat', '--set', 'foo.bar=1'], 'foo.bar: unknown field'],
    [
      ['cluster-snat', '--set', 'loadBalancer.probe.interval=fast'],
      'loadBalancer.probe.interval: expected a number greater than 0 and at most 300 s (received "fast").',
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
    expect(b.stderr).toContain('ein Szenario "gibtsnicht" gibt es nicht');
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
      cwd: CWD,
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

describe('simulate CLI as a newcomer meets it', () => {
  it('reads a relative path from the directory the command was typed in', () => {
    const file = JSON.stringify(getScenario('local'));
    const r = cli(['./mine.json', '--json'], { 'mine.json': file });
    expect(r.code).toBe(0);
    const shown = cli(['./elsewhere.json']);
    expect(shown.stderr).toContain('./elsewhere.json: the file cannot be read.');
  });
  it('names a file of its own by its path, never by a raw i18n key', () => {
    const own = { ...getScenario('local'), id: 'two-nodes-local' };
    const r = cli(['./mine.json'], { 'mine.json': JSON.stringify(own) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Scenario: two-nodes-local  (from ./mine.json)');
    expect(r.stdout).not.toContain('scenario.two-nodes-local.title');
  });
  it.each(['en', 'de'])('names the node in every failure line (%s)', (lang) => {
    const r = cli(['local', '--lang', lang]);
    expect(r.stdout).toMatch(/ {5}1 × node-3 (hat keine lokalen|has no local endpoints)/);
    expect(r.stdout).not.toMatch(/×\s{2,}ha/);
  });
  it('calls an AWS NLB drain window an upper bound (passive health checks), in both languages', () => {
    const set = ['--set', 'loadBalancer.preset=aws-nlb', '--set', 'loadBalancer.delivery=nodePort'];
    const en = cli(['drain-cluster-nodeport-probe', ...set]).stdout;
    expect(en).toMatch(
      /Disruption.*\n {2}Upper bound: an AWS NLB also takes targets out after failed connections/,
    );
    const de = cli(['drain-cluster-nodeport-probe', ...set, '--lang', 'de']).stdout;
    expect(de).toContain(
      'Obergrenze: Ein AWS-NLB nimmt Targets auch nach gescheiterten Verbindungen',
    );
    // Azure has no passive checks in the model: no note.
    expect(cli(['drain-cluster-nodeport-probe']).stdout).not.toContain('Upper bound');
  });

  it('lines its tables up under their headers and gives the times a unit', () => {
    const lines = cli(['drain-cluster-nodeport-probe']).stdout.split('\n');
    const header = lines.findIndex((l) => l.startsWith('Node'));
    const rows = lines.slice(header, header + 4);
    // Right-aligned columns: every row ends its last column where the header does.
    const ends = new Set(rows.map((l) => l.length));
    expect(ends.size).toBe(1);
    expect(rows.join('\n')).toMatch(/node-1 +\d+\.\d{3}\u00a0s/);
    const pods = lines.findIndex((l) => l.startsWith('Pod'));
    expect(new Set(lines.slice(pods, pods + 3).map((l) => l.length)).size).toBe(1);
  });
  it('speaks one language per message, with ranges in words', () => {
    const de = cli(['local', '--set', 'traffic.rate=0', '--lang', 'de']);
    expect(de.stderr).toContain(
      'traffic.rate: muss größer als 0 und höchstens 100000 pro Sekunde liegen (erhalten: 0).',
    );
    expect(de.stderr).not.toMatch(/\band\b|expected|received/);
  });
  it('reads 1e9 as a number and says it is too big', () => {
    const r = cli(['local', '--set', 'traffic.rate=1e9']);
    expect(r.stderr).toContain(
      'traffic.rate: must be greater than 0 and at most 100000 per second (received 1e9).',
    );
  });
  it('suggests the closest id for a near miss', () => {
    const r = cli(['cluster-nosnat']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Did you mean cluster-no-snat?');
  });
  it('says what a missing field should be', () => {
    const { nodes: _n, pods: _p, ...rest } = getScenario('local') ?? {};
    const r = cli(['./gap.json'], { 'gap.json': JSON.stringify(rest) });
    expect(r.stderr).toContain('nodes: is missing; expected a list.');
    expect(r.stderr).not.toContain('(received )');
  });
  it('offers a drain only of nodes the scenario has, in its own words', () => {
    const r = cli(['cluster-snat', '--set', 'drain=node-4']);
    expect(r.stderr).toContain(
      'drain: expected none, node-1, node-2, or node-3 (received "node-4").',
    );
    expect(r.stderr).not.toContain('timeline');
  });
  it('--print-scenario prints a file that runs to the identical result', () => {
    const printed = cli(['local', '--set', 'traffic.duration=4', '--print-scenario']);
    expect(printed.code).toBe(0);
    const again = cli(['./local-4s.json', '--json', '--seed', '5'], {
      'local-4s.json': printed.stdout,
    });
    const direct = cli(['local', '--set', 'traffic.duration=4', '--json', '--seed', '5']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(direct.stdout);
    expect((JSON.parse(printed.stdout) as { traffic: { duration: number } }).traffic.duration).toBe(
      4,
    );
  });
});

describe('--trace', () => {
  interface TraceHop {
    from: string;
    to: string;
    kind: string;
    direction: string;
    before: { src: string; dst: string };
    after: { src: string; dst: string };
    rules: Array<{ chain: string; verdict: string }>;
  }
  interface Trace {
    connection: number;
    pod: string | null;
    hops: TraceHop[];
    conntrack: unknown[];
  }

  it('adds every hop of the featured connections with headers before and after and the chains', () => {
    const r = cli(['cluster-snat', '--json', '--trace']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { featured: number[]; traces: Trace[] };
    expect(out.traces.map((t) => t.connection)).toEqual(out.featured);
    const s = getScenario('cluster-snat');
    const t = out.traces[0];
    if (!s || !t) throw new Error('no trace');
    // The request arrives at its Pod addressed to the Pod's IP and target port, from the node (SNAT).
    const arrive = t.hops.find((h) => h.to === t.pod && h.kind === 'SYN');
    const pod = s.pods.find((p) => p.id === t.pod);
    expect(arrive?.after.dst).toBe(`${pod?.ip ?? ''}:${s.service.targetPort}`);
    expect(s.nodes.map((n) => n.ip)).toContain(arrive?.after.src.split(':')[0]);
    // The DNAT happened by a KUBE-SEP chain with kube-proxy's hashed name.
    const chains = t.hops.flatMap((h) => h.rules.map((x) => x.chain));
    expect(chains.some((c) => /^KUBE-SEP-[A-Z2-7]{16}$/.test(c))).toBe(true);
    expect(chains.some((c) => /^KUBE-SVC-[A-Z2-7]{16}$/.test(c))).toBe(true);
    expect(t.conntrack.length).toBeGreaterThan(0);
  });

  it('without --json it prints the hops as text in the chosen language', () => {
    const r = cli(['local', '--trace', '--lang', 'de']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Verbindung 0: client-1 → node-\d → pod-[a-z]/);
    expect(r.stdout).toMatch(/Regeln: KUBE-SERVICES \(jump\)/);
    const plain = cli(['local']);
    expect(plain.stdout).not.toContain('KUBE-SERVICES');
  });

  it('names the node in a hop’s reason, and MetalLB packets go straight to the node', () => {
    const r = cli(['metallb-l2-local', '--trace']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {29}node-2 has no local endpoints/m);
    expect(r.stdout).toMatch(
      /SYN {6}client-1 → node-2 {2}192\.0\.2\.10:40000 → 203\.0\.113\.100:80/,
    );
    expect(r.stdout).not.toMatch(/→ lb\b/);
  });

  it('--set kubeProxy.mode=nftables prints the map lookups and numgen choices of the walk', () => {
    const r = cli(['local', '--trace', '--set', 'kubeProxy.mode=nftables']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Scenario: local .* kube-proxy · nftables$/m);
    expect(r.stdout).toMatch(
      /rules: services → @service-ips: 203\.0\.113\.100 \. tcp \. 80 : goto external-[A-Z2-7]{8}-default\/shop\/tcp\/ \(jump\)/,
    );
    expect(r.stdout).toMatch(
      /local-[A-Z2-7]{8}-default\/shop\/tcp\/ → numgen random mod 1: 0 : goto endpoint-[A-Z2-7]{8}-default\/shop\/tcp\/__10\.244\.\d+\.\d+\/8080 \(jump\)/,
    );
    // The NodePort without a local endpoint: the no-endpoint map says drop.
    expect(r.stdout).toMatch(
      /nodeport-endpoints-check → @no-endpoint-nodeports: tcp \. 30080 comment "default\/shop" : drop \(drop\)/,
    );
    expect(r.stdout).not.toContain('KUBE-');
    const json = cli(['local', '--json', '--trace', '--set', 'kubeProxy.mode=nftables']);
    const out = JSON.parse(json.stdout) as {
      traces: Array<{ hops: Array<{ rules: Array<{ lookup?: { map: string } }> }> }>;
    };
    const maps = out.traces.flatMap((t) =>
      t.hops.flatMap((h) => h.rules.flatMap((x) => (x.lookup ? [x.lookup.map] : []))),
    );
    expect(maps).toContain('service-ips');
    expect(cli(['local', '--set', 'kubeProxy.mode=ebpf']).code).toBe(2);
  });

  it('eBPF runs print how flows keep their backend; the moved half only when backends changed', () => {
    const dsr = cli(['ebpf-dsr', '--set', 'ebpf.algorithm=maglev']);
    expect(dsr.code).toBe(0);
    expect(dsr.stdout).toMatch(
      /Flows \(maglev\): the next node picks the same backend for (\d+) of \1\n/,
    );
    expect(dsr.stdout).not.toContain('after the backends changed');
    const drain = cli(['ebpf-drain-maglev', '--lang', 'de']);
    expect(drain.stdout).toMatch(
      /Flows \(maglev\): .*; nach der Änderung der Backends würden \d+ von \d+ wechseln/,
    );
    expect(cli(['cluster-snat']).stdout).not.toContain('Flows (');
  });
});
