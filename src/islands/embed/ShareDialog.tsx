/**
 * "Share / embed" for any diagram: a link to the current moment, an iframe snippet, an MDX
 * snippet, a Markdown link, and SVG/PNG export of the current frame. Small on purpose; it takes
 * the diagram's public state and (optionally) its API, never its internals.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import type { PacketFlowApi, PacketFlowState } from '../packetFlowApi';
import { trOfTable } from '../../view/flow/trClient';
import type { EmbedChrome } from '../../lib/embedParams';
import { embedUrl, playgroundUrl, snippets } from '../../view/embed/shareLinks';

export interface ShareDialogProps {
  state: PacketFlowState;
  lang: 'en' | 'de';
  /** The `share.*` strings of `lang`: `shareStrings(lang)` from view/embed/strings.ts. */
  strings: Readonly<Record<string, string>>;
  /** Open on mount (a host that renders its own button and loads this lazily). */
  initiallyOpen?: boolean;
  /** Hide the built-in button (the host has its own). */
  showButton?: boolean;
  /** Called when the dialog closes. */
  onClose?: () => void;
  /** For SVG/PNG export; the export buttons hide without it. */
  api?: PacketFlowApi | null;
  /** Site origin for absolute links; defaults to the page's own origin. */
  origin?: string;
  /** What-if controls and chrome the snippet should keep. */
  controls?: readonly string[];
  chrome?: EmbedChrome;
  /**
   * Where "Link to this moment" leads: the embed itself (a frame links to what it shows) or
   * the scenario's playground, the full page of a diagram on the site (lessons, playground).
   */
  linkTo?: 'embed' | 'playground';
}

function download(name: string, blob: Blob): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
}

/** Renders an SVG string onto a canvas at `scale` and returns a PNG blob. */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    const loaded = new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('svg'));
    });
    img.src = url;
    await loaded;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round((img.naturalWidth || 1200) * scale));
    canvas.height = Math.max(1, Math.round((img.naturalHeight || 675) * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('png'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

function Snippet({
  label,
  value,
  copyLabel,
  copiedLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
}): ReactElement {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const copy = (): void => {
    const done = (): void => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    };
    if (navigator.clipboard)
      navigator.clipboard.writeText(value).then(done, () => ref.current?.select());
    else ref.current?.select();
  };
  return (
    <div className="hop-share-snippet">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        ref={ref}
        readOnly
        rows={Math.min(4, Math.max(2, Math.ceil(value.length / 64)))}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" onClick={copy} aria-live="polite">
        {copied ? copiedLabel : copyLabel}
      </button>
    </div>
  );
}

/** A "Share / embed" button with its dialog. */
export default function ShareDialog({
  state,
  lang,
  api,
  origin,
  controls,
  chrome,
  strings,
  initiallyOpen = false,
  showButton = true,
  onClose,
  linkTo = 'embed',
}: ShareDialogProps): ReactElement {
  const t = trOfTable(lang, strings);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(initiallyOpen);
  useEffect(() => {
    if (initiallyOpen && !dialog.current?.open) dialog.current?.showModal();
  }, [initiallyOpen]);
  const titleId = useId();
  const base = origin ?? (typeof location === 'undefined' ? '' : location.origin);
  const url = embedUrl(base, state, {
    ...(controls ? { controls } : {}),
    ...(chrome ? { chrome } : {}),
  });
  const link = linkTo === 'playground' ? playgroundUrl(base, state) : url;
  const title = t('embed.frameTitle', { scenario: state.scenario });
  const s = snippets(url, title);
  const name = `hop-by-hop-${state.scenario}-${state.step}`;

  const show = (): void => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const close = (): void => {
    dialog.current?.close();
  };
  // A modal dialog already makes the page behind it inert; Tab also wraps around inside it
  // instead of leaving for the browser's own controls.
  const trapTab = (e: KeyboardEvent<HTMLDialogElement>): void => {
    if (e.key !== 'Tab') return;
    const focusable = [
      ...e.currentTarget.querySelectorAll<HTMLElement>('textarea, button, a[href]'),
    ].filter((el) => !el.hasAttribute('disabled'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  const exportSvg = useCallback((): void => {
    const svg = api?.exportSvg();
    if (svg) download(`${name}.svg`, new Blob([svg], { type: 'image/svg+xml' }));
  }, [api, name]);
  const exportPng = useCallback((): void => {
    const svg = api?.exportSvg();
    if (!svg) return;
    svgToPng(svg).then(
      (png) => download(`${name}.png`, png),
      () => undefined,
    );
  }, [api, name]);

  return (
    <>
      {showButton && (
        <button type="button" className="hop-share-button" onClick={show} aria-haspopup="dialog">
          {t('share.button')}
        </button>
      )}
      <dialog
        ref={dialog}
        className="hop-share-dialog"
        aria-labelledby={titleId}
        onKeyDown={trapTab}
        onClose={() => {
          setOpen(false);
          onClose?.();
        }}
      >
        {open && (
          <div className="hop-share-body">
            <h2 id={titleId}>{t('share.title')}</h2>
            <Snippet
              label={t('share.link')}
              value={link}
              copyLabel={t('share.copy')}
              copiedLabel={t('share.copied')}
            />
            <Snippet
              label={t('share.iframe')}
              value={s.iframe}
              copyLabel={t('share.copy')}
              copiedLabel={t('share.copied')}
            />
            <Snippet
              label={t('share.mdx')}
              value={s.mdx}
              copyLabel={t('share.copy')}
              copiedLabel={t('share.copied')}
            />
            <Snippet
              label={t('share.markdown')}
              value={s.markdown}
              copyLabel={t('share.copy')}
              copiedLabel={t('share.copied')}
            />
            <p className="hop-share-note">
              {t('share.height')}{' '}
              <a href={`${base}/${lang}/embedding/`} target="_blank" rel="noopener">
                {t('share.guide')}
              </a>
            </p>
            <div className="hop-share-actions">
              {api && (
                <>
                  <button type="button" onClick={exportSvg}>
                    {t('share.svg')}
                  </button>
                  <button type="button" onClick={exportPng}>
                    {t('share.png')}
                  </button>
                </>
              )}
              <button type="button" onClick={close}>
                {t('share.close')}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
