/**
 * The your-cluster page's state and jobs: the pasted text, the loaded analysis (from a paste or a
 * share link), the what-ifs chosen and their run, and the share link kept in the address bar.
 * The importer and its messages load on first use; the page's sections only render what this
 * holds.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Analysis, Outcome } from '../../clusterCheck/analyze';
import { importJob, scenarioJob, whatIfJob } from '../../clusterCheck/jobs';
import type { ShareError } from '../../clusterCheck/shareLink';
import type { WhatIfChoice, WhatIfKind } from '../../clusterCheck/whatIfs';
import { WHAT_IF_KINDS } from '../../clusterCheck/whatIfKinds';
import type { RemedyResult } from '../../clusterCheck/codes';
import type { ImportOptions, ReportItem } from '../../importer/index';
import { MAX_INPUT_BYTES } from '../../importer/limits';
import type { SampleId } from '../../clusterCheck/sampleIds';
import { trFor, type Messages, type Tr } from '../../view/flow/trClient';
import type { ReportTools } from './views';

type Analyze = typeof import('../../clusterCheck/analyze');

let analyzeModule: Promise<Analyze> | null = null;
const loadAnalyze = (): Promise<Analyze> => {
  analyzeModule ??= import('../../clusterCheck/analyze').catch((e: unknown) => {
    analyzeModule = null;
    throw e;
  });
  return analyzeModule;
};

/** What stopped a view: the importer's issues, a broken share link, or a failure of its own. */
export type Problem =
  | { kind: 'issues'; items: ReportItem[] }
  | { kind: 'link'; code: ShareError; params: Record<string, string | number> }
  | { kind: 'message'; key: string; params?: Record<string, string | number> };

/** The analysis on show and where it came from. */
export interface Loaded {
  analysis: Analysis;
  source: 'paste' | 'link';
}

/** The what-if run beside today's: its outcome, or 'invalid' when it could not run. */
export type After = Outcome | 'invalid' | null;

export type DiagramView = 'today' | 'whatIf';

interface SessionOptions {
  lang: 'en' | 'de';
  messages: Messages;
  loadImporterMessages: () => Promise<Record<string, string>>;
}

const MB = 1024 * 1024;

/** A size as people say it: kB below a megabyte, MB above (the messages format the number). */
function sizeText(chars: number, tr: Tr): string {
  return chars < MB
    ? tr('cluster.size.kB', { size: Math.max(1, Math.round(chars / 1024)) })
    : tr('cluster.size.MB', { size: chars / MB });
}

/** What the reader put in the paste box before the island ran ('' on the server). */
function pastedBeforeHydration(): string {
  if (typeof document === 'undefined') return '';
  const box = document.getElementById('hop-cluster-text');
  return box instanceof HTMLTextAreaElement ? box.value : '';
}

/** The page's state, the jobs that fill it and the actions its sections call. */
export function useClusterSession({ lang, messages, loadImporterMessages }: SessionOptions) {
  // A paste made while the page was still loading is in the server-rendered box: the first
  // client render (before hydration commits and resets the box) takes it over.
  const [text, setText] = useState(pastedBeforeHydration);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [options, setOptions] = useState<ImportOptions>({});
  const [importerMessages, setImporterMessages] = useState<Record<string, string> | null>(null);
  const [tools, setTools] = useState<Pick<ReportTools, 'itemKey' | 'itemParams' | 'kinds'> | null>(
    null,
  );
  const [enabled, setEnabled] = useState<Partial<Record<WhatIfKind, boolean>>>({});
  const [values, setValues] = useState<Partial<Record<WhatIfKind, string>>>({});
  const [after, setAfter] = useState<After>(null);
  const [diagramView, setDiagramView] = useState<DiagramView>('today');
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const runId = useRef(0);

  const allMessages = useMemo<Messages>(
    () => ({ [lang]: { ...(importerMessages ?? {}), ...(messages[lang] ?? {}) } }),
    [lang, messages, importerMessages],
  );
  const tr: Tr = useMemo(() => trFor(lang, allMessages), [lang, allMessages]);

  /** The lazy chunk and this language's importer messages, once. */
  const ready = useCallback(async (): Promise<Analyze> => {
    const [m, msgs] = await Promise.all([
      loadAnalyze(),
      importerMessages ? Promise.resolve(importerMessages) : loadImporterMessages(),
    ]);
    if (!importerMessages) setImporterMessages(msgs);
    setTools((t) => t ?? { itemKey: m.itemKey, itemParams: m.itemParams, kinds: m.REPORT_KINDS });
    return m;
  }, [importerMessages, loadImporterMessages]);

  const choices = useMemo<WhatIfChoice[]>(() => {
    if (!loaded) return [];
    return loaded.analysis.options.flatMap((o) =>
      enabled[o.kind] ? [{ kind: o.kind, value: values[o.kind] ?? o.values[0] ?? '' }] : [],
    );
  }, [loaded, enabled, values]);

  const show = (analysis: Analysis, source: Loaded['source'], whatIfs: WhatIfChoice[] = []) => {
    const on: Partial<Record<WhatIfKind, boolean>> = {};
    const vals: Partial<Record<WhatIfKind, string>> = {};
    for (const c of whatIfs) {
      on[c.kind] = true;
      vals[c.kind] = c.value;
    }
    setEnabled(on);
    setValues(vals);
    setAfter(null);
    setDiagramView('today');
    setLoaded({ analysis, source });
    setProblem(null);
  };

  const runImport = useCallback(
    async (input: string, opts: ImportOptions = {}) => {
      // Over the limit: say so at once, in the reader's language; the text stays in the box.
      if (input.length > MAX_INPUT_BYTES) {
        setLoaded(null);
        setProblem({
          kind: 'message',
          key: 'cluster.input.tooLarge',
          params: { size: input.length / MB, max: MAX_INPUT_BYTES / MB },
        });
        return;
      }
      const id = ++runId.current;
      setBusy(tr('cluster.status.loading'));
      try {
        await ready();
        setBusy(tr('cluster.status.reading', { size: sizeText(input.length, tr) }));
        const r = await importJob(input, opts, (p) => {
          if (id === runId.current)
            setBusy(
              tr('cluster.status.simulating', {
                nodes: tr('cluster.count.nodes', { count: p.nodes }),
                pods: tr('cluster.count.pods', { count: p.pods }),
              }),
            );
        });
        if (id !== runId.current) return;
        if (!r) throw new Error('job failed');
        setOptions(opts);
        if (r.ok) show(r.analysis, 'paste');
        else {
          setLoaded(null);
          setProblem({ kind: 'issues', items: r.issues });
        }
      } catch {
        setProblem({ kind: 'message', key: 'cluster.error.loadFailed' });
      } finally {
        if (id === runId.current) setBusy(null);
      }
    },
    [ready, tr],
  );

  // A share link in the fragment: restore its scenario and what-ifs.
  useEffect(() => {
    const hash = window.location.hash;
    if (!hash || hash === '#') return;
    void (async () => {
      const id = ++runId.current;
      setBusy(tr('cluster.status.loading'));
      try {
        const m = await ready();
        const d = await m.decodeShare(hash);
        if (id !== runId.current || d.ok === null) return;
        if (!d.ok) {
          setProblem({ kind: 'link', code: d.code, params: d.params });
          return;
        }
        const analysis = await scenarioJob(d.payload.scenario, d.payload.meta);
        if (id !== runId.current) return;
        if (!analysis) throw new Error('job failed');
        show(analysis, 'link', d.payload.whatIfs);
      } catch {
        setProblem({ kind: 'message', key: 'cluster.error.loadFailed' });
      } finally {
        if (id === runId.current) setBusy(null);
      }
    })();
    // Only the address the page was opened with.
  }, []);

  // The what-if run, beside today's.
  const choiceKey = JSON.stringify(choices);
  useEffect(() => {
    if (!loaded || choices.length === 0) {
      setAfter(null);
      return;
    }
    let live = true;
    setBusy(tr('cluster.status.whatIf'));
    void (async () => {
      const out = await whatIfJob(loaded.analysis.today.scenario, loaded.analysis.meta, choices);
      if (!live) return;
      setAfter(out === 'failed' || out === null ? 'invalid' : out);
      setBusy(null);
    })();
    return () => {
      live = false;
    };
    // choiceKey stands for choices.
  }, [loaded, choiceKey]);

  // Keep the address bar's fragment equal to the view (the share link).
  useEffect(() => {
    if (!loaded) return;
    let live = true;
    void loadAnalyze().then(async (m) => {
      const fragment = await m.encodeShare({
        scenario: loaded.analysis.today.scenario,
        meta: loaded.analysis.meta,
        whatIfs: choices,
      });
      if (live) history.replaceState(history.state, '', `#${fragment}`);
    });
    return () => {
      live = false;
    };
  }, [loaded, choiceKey]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const m = await ready();
      if (file.size > m.MAX_INPUT_BYTES) {
        setLoaded(null);
        setProblem({
          kind: 'issues',
          items: [
            {
              kind: 'error',
              code: 'inputTooLarge',
              params: { bytes: file.size, max: m.MAX_INPUT_BYTES },
            },
          ],
        });
        return;
      }
      const content = await file.text();
      setText(content);
      await runImport(content);
    } catch {
      setProblem({
        kind: 'message',
        key: 'cluster.error.fileUnreadable',
        params: { name: file.name.slice(0, 80) },
      });
    }
  };

  const onSample = async (id: SampleId) => {
    try {
      const { sampleText } = await import('../../clusterCheck/samples');
      const content = sampleText(id);
      setText(content);
      await runImport(content);
    } catch {
      setProblem({ kind: 'message', key: 'cluster.error.loadFailed' });
    }
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };

  const clear = (): void => {
    setText('');
    setProblem(null);
  };

  /** A what-if's box ticked or cleared. */
  const toggleWhatIf = (kind: WhatIfKind, on: boolean): void =>
    setEnabled((x) => ({ ...x, [kind]: on }));

  /** A what-if's value picked; picking one turns it on. */
  const pickWhatIf = (kind: WhatIfKind, value: string): void => {
    setValues((x) => ({ ...x, [kind]: value }));
    setEnabled((x) => ({ ...x, [kind]: true }));
  };

  /** A remedy's change opened as what-ifs (the ones already on stay: a drain keeps its node). */
  const tryRemedy = (r: RemedyResult): void => {
    for (const c of r.remedy.choices) {
      const kind = WHAT_IF_KINDS.find((k) => k === c.kind);
      if (kind) pickWhatIf(kind, c.value);
    }
    setDiagramView('whatIf');
    document.getElementById('hop-cluster-whatifs')?.scrollIntoView({ block: 'start' });
  };

  const reportTools: ReportTools | null = tools ? { ...tools, tr } : null;

  return {
    tr,
    text,
    setText,
    busy,
    problem,
    loaded,
    options,
    reportTools,
    enabled,
    values,
    choices,
    after,
    diagramView,
    setDiagramView,
    copied,
    runImport,
    onFile,
    onSample,
    copyLink,
    clear,
    toggleWhatIf,
    pickWhatIf,
    tryRemedy,
  };
}
