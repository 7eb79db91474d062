import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli/main.ts';
import { OPTIONS } from '../../src/cli/args.ts';
import { tDyn } from '../../src/cli/i18n.ts';

/** The CLI a newcomer meets: --help, an unknown option, a --set that changes the scenario. */
function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    fileSize: () => null,
    readFile: () => null,
    env: {},
    cwd: '/tmp',
  };
  const code = main(argv, io);
  return { code, stdout, stderr };
}

describe('simulate --help', () => {
  it.each(['en', 'de'])('documents every option the command takes (%s)', (lang) => {
    const r = cli(['--help', '--lang', lang]);
    expect(r.code).toBe(0);
    for (const name of Object.keys(OPTIONS)) expect(r.stdout).toMatch(new RegExp(`--${name}\\b`));
    // The options the review missed, with what they do.
    expect(r.stdout).toMatch(/--seed N +\S/);
    expect(r.stdout).toMatch(/--set key=value +\S/);
    expect(r.stdout).toContain(`/${lang}/cli/`);
    expect(r.stdout).toMatch(/--service NAMESPACE\/NAME +\S/);
    expect(r.stdout).not.toMatch(/cli\.help\./);
  });
  it('has a help line for every option in both languages', () => {
    for (const lang of ['en', 'de'] as const)
      for (const name of Object.keys(OPTIONS))
        expect(tDyn(lang, `cli.help.${name}`)).not.toBe(`cli.help.${name}`);
  });
  it('points an unknown option to --help', () => {
    const r = cli(['local', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--bogus');
    expect(r.stderr).toContain('npm run simulate -- --help');
    const none = cli([]);
    expect(none.stderr).toContain('npm run simulate -- --help');
  });
});

describe('simulate output after --set', () => {
  it('names the scenario as changed in its header', () => {
    const r = cli([
      'local',
      '--set',
      'service.externalTrafficPolicy=Cluster',
      '--set',
      'masquerade=false',
    ]);
    expect(r.code).toBe(0);
    const header = r.stdout.split('\n')[0] ?? '';
    expect(header).toContain('local with service.externalTrafficPolicy=Cluster, masquerade=false');
    expect(header).toContain('changed from: Local policy');
    expect(cli(['local']).stdout.split('\n')[0]).not.toContain('changed');
  });
  it('prints a failure sentence once, with its count per ingress node', () => {
    const r = cli([
      'local',
      '--set',
      'service.externalTrafficPolicy=Cluster',
      '--set',
      'masquerade=false',
    ]);
    const lines = r.stdout.split('\n').filter((l) => / × /.test(l));
    const texts = lines.map((l) =>
      l.replace(/^\s*\d+ × /, '').replace(/ \(by ingress node: .*\)$/, ''),
    );
    expect(new Set(texts).size).toBe(texts.length);
    const line = lines.find((l) => l.includes('by ingress node')) ?? '';
    const total = Number(/^\s*(\d+) ×/.exec(line)?.[1]);
    const parts = [...line.matchAll(/node-\d (\d+)/g)].map((m) => Number(m[1]));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });
  it('--print-scenario writes no $schema that would not resolve', () => {
    const r = cli(['local', '--print-scenario']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('$schema');
  });
});
