/**
 * The your-cluster page's input: the text box (paste or drop a file), the file picker, the
 * samples and the status line.
 */
import { useState } from 'react';
import type { SampleId, SampleLabel } from '../../clusterCheck/sampleIds';
import type { Tr } from '../../view/flow/trClient';

/** The paste box, its actions and samples, and what the page is doing. */
export function InputSection({
  tr,
  text,
  onText,
  busy,
  samples,
  status,
  limitMb,
  onImport,
  onFile,
  onSample,
  onClear,
}: {
  tr: Tr;
  text: string;
  onText: (text: string) => void;
  /** A job is running: the import and sample buttons wait. */
  busy: boolean;
  samples: SampleLabel[];
  status: string;
  /** The size limit the page states under the box. */
  limitMb: number;
  onImport: () => void;
  onFile: (file: File | undefined) => void;
  onSample: (id: SampleId) => void;
  onClear: () => void;
}) {
  const [dragging, setDragging] = useState(false);
  return (
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
        onInput={(e) => onText((e.target as HTMLTextAreaElement).value)}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          onFile(e.dataTransfer?.files[0]);
        }}
      />
      <div className="hop-cluster__actions not-content">
        <button type="button" className="hop-cluster__import" disabled={busy} onClick={onImport}>
          {tr('cluster.input.import')}
        </button>
        <label className="hop-cluster__file">
          {tr('cluster.input.file')}
          <input
            type="file"
            accept=".yaml,.yml,.json,.txt,text/plain,application/json,application/yaml"
            onChange={(e) => {
              const input = e.target as HTMLInputElement;
              onFile(input.files?.[0]);
              input.value = '';
            }}
          />
        </label>
        <button type="button" onClick={onClear}>
          {tr('cluster.input.clear')}
        </button>
      </div>
      <p className="hop-cluster__hint">
        {tr('cluster.input.drop')} {tr('cluster.input.limit', { max: limitMb })}
      </p>
      <p className="hop-cluster__samples-label">{tr('cluster.input.samples')}</p>
      <ul className="hop-cluster__samples not-content">
        {samples.map((s) => (
          <li key={s.id}>
            <button type="button" data-sample={s.id} disabled={busy} onClick={() => onSample(s.id)}>
              {s.title}
            </button>
            <span className="hop-cluster__sample-desc">{s.description}</span>
          </li>
        ))}
      </ul>
      <p className="hop-cluster__status" role="status" aria-live="polite">
        {busy && <progress className="hop-cluster__progress" aria-hidden="true" />}
        {status}
      </p>
    </section>
  );
}
