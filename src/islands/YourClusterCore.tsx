/**
 * The your-cluster page: paste (or drop, or choose) `kubectl get svc,endpointslices,pods,nodes
 * -o yaml`, and see the import report, verdicts, per-Pod shares, the diagram and what-ifs side
 * by side with today. The importer, the engine and the diagram load on first use (dynamic
 * imports), so the page's own JavaScript stays small; nothing is sent anywhere. The share link
 * holds the derived scenario in the URL fragment, never the pasted text.
 */
import '../styles/cluster.css';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import type { Analysis, Outcome } from '../cluster/analyze';
import { importJob, scenarioJob, whatIfJob } from '../cluster/jobs';
import type { ShareError } from '../cluster/shareLink';
import type { WhatIfChoice, WhatIfKind } from '../cluster/whatIfs';
import type { ImportOptions, ReportItem } from '../importer/index';
import type { SampleId } from '../importer/samples/index';
import type { Scenario } from '../sim/types';
import {
  Compare,
  ReportItems,
  ReportSummary,
  ShareChart,
  VerdictList,
  type ReportTools,
} from './cluster/views';
import { trFor, type Messages, type Tr } from './flow/trClient';
import type { PacketFlowProps } from './packetFlowApi';

type Analyze = typeof import('../cluster/analyze');

/** A sample button: id plus its server-translated title and description. */
export interface SampleLabel {
  id: SampleId;
  title: string;
  description: string;
}

export interface YourClusterProps {
  lang: 'en' | 'de';
  samples: SampleLabel[];
}

interface CoreProps extends YourClusterProps {
  messages: Messages;
  /** The importer's messages of this language (lazy: they come with the first import). */
  loadImporterMessages: () => Promise<Record<string, string>>;
  /** The diagram island of this language (lazy). */
  loadDiagram: () => Promise<{ default: ComponentType<PacketFlowProps> }>;
}

/** Largest topology the diagram draws; bigger ones get verdicts and shares only. */
export const DIAGRAM_MAX_NODES = 10;
export const DIAGRAM_MAX_PODS = 40;

let analyzeModule: Promise<Analyze> | null = null;
const loadAnalyze = (): Promise<Analyze> => {
  analyzeModule ??= import('../cluster/analyze').catch((e: unknown) => {
    analyzeModule = null;
    throw e;
  });
  return analyzeModule;
};

type Problem =
  | { kind: 'issues'; items: ReportItem[] }
  | { kind: 'link'; code: ShareError; params: Record<string, string | number> }
  | { kind: 'message'; key: string; params?: Record<string, string | number> };

interface Loaded {
  analysis: Analysis;
  source: 'paste' | 'link';
}

/** The page's island; the language entry files pass one language's messages. */
export default function YourClusterCore(props: CoreProps) {
  const { lang, samples, messages, loadImporterMessages, loadDiagram } = props;
  const [text, setText] = useState('');
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
  const [after, setAfter] = useState<Outcome | 'invalid' | null>(null);
  const [diagramView, setDiagramView] = useState<'today' | 'whatIf'>('today');
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const [dragging, setDragging] = useState(false);
  const runId = useRef(0);

  const allMessages = useMemo<Messages>(
    () => ({ [lang]: { ...(importerMessages ?? {}), ...(messages[lang] ?? {}) } }),
    [lang, messages, importerMessages],
  );
  const tr: Tr = useMemo(() => trFor(lang, allMessages), [lang, allMessages]);
  const Diagram = useMemo(() => lazy(loadDiagram), [loadDiagram]);

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
      const id = ++runId.current;
      setBusy(tr('cluster.status.loading'));
      try {
        await ready();
        setBusy(tr('cluster.status.importing'));
        const r = await importJob(input, opts);
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
      const out = await whatIfJob(loaded.analysis.today.scenario, choices);
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
      const { sampleText } = await import('../cluster/samples');
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

  const reportTools: ReportTools | null = tools ? { ...tools, tr } : null;
  const analysis = loaded?.analysis;
  const report = analysis?.report ?? null;
  const today = analysis?.today;
  const afterOutcome = after && after !== 'invalid' ? after : null;
  const diagramScenario: Scenario | undefined =
    diagramView === 'whatIf' && afterOutcome ? afterOutcome.scenario : today?.scenario;
  const tooLarge =
    !!diagramScenario &&
    (diagramScenario.nodes.length > DIAGRAM_MAX_NODES ||
      diagramScenario.pods.length > DIAGRAM_MAX_PODS);
  const serviceName = analysis
    ? `${analysis.meta.service.namespace}/${analysis.meta.service.name}`
    : '';

  return (
    <div
      className="hop-cluster"
      data-busy={busy ? 'true' : 'false'}
      data-ready={loaded ? 'true' : 'false'}
    >
      <section className="hop-cluster__input" aria-labelledby="hop-cluster-input">
        <h2 id="hop-cluster-input">{tr('cluster.input.heading')}</h2>
        <p className="hop-cluster__local">{tr('cluster.input.local')}</p>
        <label htmlFor="hop-cluster-text" className="hop-cluster__label">
          {tr('cluster.input.label')}
        </label>
        <textarea
          id="hop-cluster-text"
          className={`hop-cluster__text${dragging ? ' hop-cluster__text--drop' : ''}`}
          value={text}
          spellcheck={false}
          autoComplete="off"
          rows={10}
          placeholder={tr('cluster.input.placeholder')}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void onFile(e.dataTransfer?.files[0]);
          }}
        />
        <div className="hop-cluster__actions not-content">
          <button
            type="button"
            className="hop-cluster__import"
            disabled={!!busy}
            onClick={() => void runImport(text, {})}
          >
            {tr('cluster.input.import')}
          </button>
          <label className="hop-cluster__file">
            {tr('cluster.input.file')}
            <input
              type="file"
              accept=".yaml,.yml,.json,.txt,text/plain,application/json,application/yaml"
              onChange={(e) => {
                const input = e.target as HTMLInputElement;
                void onFile(input.files?.[0]);
                input.value = '';
              }}
            />
          </label>
          <button
            type="button"
            onClick={() => {
              setText('');
              setProblem(null);
            }}
          >
            {tr('cluster.input.clear')}
          </button>
        </div>
        <p className="hop-cluster__hint">{tr('cluster.input.drop')}</p>
        <p className="hop-cluster__samples-label">{tr('cluster.input.samples')}</p>
        <ul className="hop-cluster__samples not-content">
          {samples.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                data-sample={s.id}
                disabled={!!busy}
                onClick={() => void onSample(s.id)}
              >
                {s.title}
              </button>
              <span className="hop-cluster__sample-desc">{s.description}</span>
            </li>
          ))}
        </ul>
        <p className="hop-cluster__status" role="status" aria-live="polite">
          {busy ??
            (loaded && today
              ? tr(loaded.source === 'link' ? 'cluster.status.restored' : 'cluster.status.done', {
                  service: serviceName,
                  nodes: today.scenario.nodes.length,
                  pods: today.scenario.pods.length,
                })
              : '')}
        </p>
      </section>

      {problem && (
        <section className="hop-cluster__problem" role="alert" data-testid="problem">
          <h2>{tr(problem.kind === 'link' ? 'cluster.link.heading' : 'cluster.error.heading')}</h2>
          {problem.kind === 'issues' && reportTools && (
            <ul>
              {problem.items.map((item, i) => (
                <li key={i} data-code={item.code}>
                  {reportTools.tr(reportTools.itemKey(item), reportTools.itemParams(item, tr))}
                </li>
              ))}
            </ul>
          )}
          {problem.kind === 'link' && (
            <p data-code={problem.code}>{tr(`cluster.link.${problem.code}`, problem.params)}</p>
          )}
          {problem.kind === 'message' && <p>{tr(problem.key, problem.params)}</p>}
        </section>
      )}

      {analysis && today && (
        <>
          <section className="hop-cluster__report" aria-labelledby="hop-cluster-report">
            <h2 id="hop-cluster-report">{tr('cluster.report.heading')}</h2>
            {report && reportTools ? (
              <>
                {report.services.filter((s) => !s.unusable).length > 1 && (
                  <label className="hop-cluster__pick">
                    {tr('cluster.report.servicePick')}{' '}
                    <select
                      value={`${report.service.namespace}/${report.service.name}`}
                      onChange={(e) =>
                        void runImport(text, {
                          service: (e.target as HTMLSelectElement).value,
                        })
                      }
                    >
                      {report.services.map((s) => (
                        <option
                          key={`${s.namespace}/${s.name}`}
                          value={`${s.namespace}/${s.name}`}
                          disabled={!!s.unusable}
                        >
                          {s.namespace}/{s.name} ({s.type}
                          {s.unusable ? `, ${tr('cluster.report.unusable')}` : ''})
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                {report.ports.filter((p) => p.protocol === 'TCP').length > 1 && (
                  <label className="hop-cluster__pick">
                    {tr('cluster.report.portPick')}{' '}
                    <select
                      data-testid="port-pick"
                      value={
                        report.ports.find((p) => p.chosen)?.name ||
                        String(report.ports.find((p) => p.chosen)?.port ?? '')
                      }
                      onChange={(e) =>
                        void runImport(text, {
                          ...options,
                          port: (e.target as HTMLSelectElement).value,
                        })
                      }
                    >
                      {report.ports
                        .filter((p) => p.protocol === 'TCP')
                        .map((p) => (
                          <option key={`${p.name}:${p.port}`} value={p.name || String(p.port)}>
                            {p.name ? `${p.name} (${p.port})` : String(p.port)}
                          </option>
                        ))}
                    </select>
                  </label>
                )}
                <ReportSummary report={report} tr={tr} />
                <ReportItems items={report.items} tools={reportTools} />
              </>
            ) : (
              <p>{tr('cluster.report.fromLink')}</p>
            )}
          </section>

          <section className="hop-cluster__verdicts" aria-labelledby="hop-cluster-verdicts">
            <h2 id="hop-cluster-verdicts">{tr('cluster.verdicts.heading')}</h2>
            <p>
              {tr('cluster.verdicts.intro', {
                total: today.facts.connections,
                rate: today.facts.rate,
              })}
            </p>
            <VerdictList verdicts={today.verdicts} tr={tr} lang={lang} />
            <ShareChart
              facts={today.facts}
              tr={tr}
              lang={lang}
              label={tr('cluster.shares.heading')}
            />
            <p className="hop-cluster__hint">{tr('cluster.shares.desc')}</p>
          </section>

          <section className="hop-cluster__whatif" aria-labelledby="hop-cluster-whatif">
            <h2 id="hop-cluster-whatif">{tr('cluster.whatif.heading')}</h2>
            <p>{tr('cluster.whatif.intro')}</p>
            <ul className="hop-cluster__whatifs not-content">
              {analysis.options.map((o) => {
                const value = values[o.kind] ?? o.values[0] ?? '';
                const picker =
                  o.kind === 'drain' || o.kind === 'preset' ? (
                    <select
                      aria-label={tr(
                        o.kind === 'drain'
                          ? 'cluster.whatif.drainNode'
                          : 'cluster.whatif.presetPick',
                      )}
                      data-whatif-value={o.kind}
                      value={value}
                      onChange={(e) => {
                        const v = (e.target as HTMLSelectElement).value;
                        setValues((x) => ({ ...x, [o.kind]: v }));
                        setEnabled((x) => ({ ...x, [o.kind]: true }));
                      }}
                    >
                      {o.values.map((v) => (
                        <option key={v} value={v}>
                          {v}
                        </option>
                      ))}
                    </select>
                  ) : null;
                return (
                  <li key={o.kind}>
                    <label>
                      <input
                        type="checkbox"
                        data-whatif={o.kind}
                        checked={!!enabled[o.kind]}
                        onChange={(e) => {
                          const on = (e.target as HTMLInputElement).checked;
                          setEnabled((x) => ({ ...x, [o.kind]: on }));
                        }}
                      />{' '}
                      {tr(`cluster.whatif.${o.kind}`, { value })}
                    </label>{' '}
                    {picker}
                  </li>
                );
              })}
            </ul>
            {choices.length === 0 ? (
              <p className="hop-cluster__hint">{tr('cluster.whatif.none')}</p>
            ) : after === 'invalid' ? (
              <p role="alert">{tr('cluster.whatif.invalid')}</p>
            ) : afterOutcome ? (
              <>
                <h3>{tr('cluster.compare.heading')}</h3>
                <Compare
                  before={today.verdicts}
                  after={afterOutcome.verdicts}
                  tr={tr}
                  lang={lang}
                />
                <div className="hop-cluster__shares2 not-content">
                  <ShareChart
                    facts={today.facts}
                    tr={tr}
                    lang={lang}
                    label={`${tr('cluster.shares.heading')}: ${tr('cluster.compare.today')}`}
                  />
                  <ShareChart
                    facts={afterOutcome.facts}
                    tr={tr}
                    lang={lang}
                    label={`${tr('cluster.shares.heading')}: ${tr('cluster.compare.after')}`}
                  />
                </div>
              </>
            ) : null}
          </section>

          <section className="hop-cluster__diagram" aria-labelledby="hop-cluster-diagram">
            <h2 id="hop-cluster-diagram">{tr('cluster.diagram.heading')}</h2>
            {afterOutcome && (
              <fieldset className="hop-cluster__view not-content">
                <legend>{tr('cluster.diagram.show')}</legend>
                {(['today', 'whatIf'] as const).map((v) => (
                  <label key={v}>
                    <input
                      type="radio"
                      name="hop-cluster-view"
                      value={v}
                      checked={diagramView === v}
                      onChange={() => setDiagramView(v)}
                    />{' '}
                    {tr(`cluster.diagram.${v}`)}
                  </label>
                ))}
              </fieldset>
            )}
            {diagramScenario && tooLarge ? (
              <p>
                {tr('cluster.diagram.tooLarge', {
                  nodes: diagramScenario.nodes.length,
                  pods: diagramScenario.pods.length,
                  maxNodes: DIAGRAM_MAX_NODES,
                  maxPods: DIAGRAM_MAX_PODS,
                })}
              </p>
            ) : diagramScenario ? (
              <Suspense fallback={<p>{tr('cluster.diagram.loading')}</p>}>
                <Diagram
                  key={`${diagramView}:${JSON.stringify(afterOutcome && diagramView === 'whatIf' ? choices : [])}:${serviceName}`}
                  scenario={diagramScenario.id}
                  scenarioData={diagramScenario}
                  title={tr('cluster.diagram.title', { service: serviceName })}
                  lang={lang}
                  controls={[]}
                  chrome="full"
                  urlState={false}
                  headingLevel={3}
                  instanceId="your-cluster-diagram"
                />
              </Suspense>
            ) : null}
          </section>

          <section className="hop-cluster__share" aria-labelledby="hop-cluster-share">
            <h2 id="hop-cluster-share">{tr('cluster.share.heading')}</h2>
            <p>{tr('cluster.share.note')}</p>
            <button type="button" data-testid="copy-link" onClick={() => void copyLink()}>
              {tr('cluster.share.button')}
            </button>{' '}
            <span role="status">
              {copied === 'ok'
                ? tr('cluster.share.copied')
                : copied === 'failed'
                  ? tr('cluster.share.copyFailed')
                  : ''}
            </span>
          </section>
        </>
      )}
    </div>
  );
}
