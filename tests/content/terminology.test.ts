import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowed, rules } from './terminology.rules';
import { filesOf, format, langs, root, scan } from './terminology';

describe('terminology linter', () => {
  for (const lang of langs) {
    it(`${lang}: no retired variant in lessons, pages, UI and deck strings`, () => {
      const hits = filesOf(lang).flatMap((f) =>
        scan(f, fs.readFileSync(path.join(root, f), 'utf8'), lang),
      );
      expect(hits.map(format), `${hits.length} retired variants`).toEqual([]);
    });

    it(`${lang}: the glossary page documents every preferred term`, () => {
      const glossary = fs.readFileSync(
        path.join(root, `content/pages/${lang}/glossary.mdx`),
        'utf8',
      );
      const missing = rules
        .filter((r) => r.lang === lang && r.glossary && !glossary.includes(r.glossary))
        .map((r) => `${r.id}: “${r.glossary ?? ''}”`);
      expect(missing).toEqual([]);
    });
  }

  it('reads every lesson, page and locale file of both languages', () => {
    for (const lang of langs) {
      const files = filesOf(lang);
      expect(files.filter((f) => f.startsWith('content/lessons/')).length).toBeGreaterThanOrEqual(
        7,
      );
      expect(files).toContain(`content/pages/${lang}/glossary.mdx`);
      expect(files).toContain(`src/i18n/locales/present/${lang}.json`);
      expect(files).toContain(`src/i18n/locales/sim/${lang}.json`);
    }
  });

  it('every allow-list entry is still needed and names a real rule', () => {
    for (const a of allowed) {
      const rule = rules.find((r) => r.id === a.rule);
      expect(rule, a.rule).toBeDefined();
      const text = fs.readFileSync(path.join(root, a.file), 'utf8');
      expect(text, `${a.file} still contains ${a.text}`).toContain(a.text);
      expect(rule?.pattern.test(a.text), `${a.rule} matches “${a.text}”`).toBe(true);
    }
  });

  it('wants a non-breaking space between number and unit, also after a placeholder', () => {
    const mdx = ['Nach 5 s und 8,2 s: 33 %.', 'Mit 5\u00a0s, `5 s` im Code und 3 Stops.'].join(
      '\n',
    );
    expect(scan('x.mdx', mdx, 'de').map((h) => `${h.line}:${h.match.trim()}`)).toEqual([
      '1:s',
      '1:s',
      '1:%',
    ]);
    const json = '{\n  "a": "{{seconds}} s",\n  "b": "{{seconds}}\u00a0s"\n}';
    expect(scan('x.json', json, 'en').map((h) => `${h.line}:${h.rule.id}`)).toEqual([
      '2:en-unit-space',
    ]);
  });

  it('knows the German UI terms the glossary fixes', () => {
    const mdx = [
      'Die Instanz-Ziele der Zielgruppe, drei Replikas und ein Relais.',
      'Der Client läuft in einen Timeout, das Gedankenexperiment, der Cluster Autoscaler hat ihn drained.',
    ].join('\n');
    expect(scan('x.mdx', mdx, 'de').map((h) => h.rule.id)).toEqual([
      'de-instanz-ziel',
      'de-zielgruppe',
      'de-replikas',
      'de-relais',
      'de-timeout-gender',
      'de-gedankenexperiment',
      'de-cluster-autoscaler',
      'de-drained',
    ]);
    expect(scan('x.mdx', 'Er läuft ins Timeout; der Timeout-Wert bleibt.', 'de')).toEqual([]);
  });

  // The scanner itself: what it must see and what it must ignore.
  it('finds variants in prose, Predict attributes and JSON values, with file and line', () => {
    const mdx = [
      'Ein Satz.',
      'Die Cluster-Policy bedient jeden Pod.',
      '<Predict question="Wer bekommt den SYN?" options={["Der Endpoint"]} />',
    ].join('\n');
    const hits = scan('x.mdx', mdx, 'de').map((h) => `${h.line}:${h.rule.id}`);
    expect(hits).toEqual(['2:de-policy', '2:de-bedienen', '3:de-syn-gender', '3:de-endpoint']);
    const json = '{\n  "a.b": "Alle Endpoints",\n  "c.d": "{{pods}} pods"\n}';
    expect(scan('x.json', json, 'de').map((h) => `${h.line}:${h.column}`)).toEqual(['2:16']);
    expect(scan('x.json', json, 'en').map((h) => `${h.line}:${h.rule.id}`)).toEqual([
      '3:en-pod-lowercase',
    ]);
  });

  it('ignores code, URLs, ids and field names', () => {
    const mdx = [
      '```sh',
      'kubectl cordon node-1 # Policy Endpoint',
      '```',
      'Mit `externalTrafficPolicy: Local` und `kubectl cordon` und [Link](https://x/Policy).',
      '<Term id="cordon">sperrt den Node (cordon)</Term> über `KUBE-SVL` und EndpointSlices.',
      'Das Szenario drain-local-hcnp und localEndpoints bleiben.',
    ].join('\n');
    expect(scan('x.mdx', mdx, 'de').map(format)).toEqual([]);
    expect(scan('x.mdx', 'Run `kubectl get pods` on pod-a.', 'en')).toEqual([]);
  });
});
