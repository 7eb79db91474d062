/**
 * The embed island: parses the frame's URL, runs the real diagram with those options, shows a
 * localized list of ignored parameters, and bridges the postMessage API (view/embed/protocol.ts) to
 * the diagram's PacketFlowApi. It never focuses anything by itself, so the host's keys keep working
 * until the reader clicks or tabs into the frame.
 */
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
} from 'react';
import type { PacketFlowApi, PacketFlowProps, PacketFlowState } from '../packetFlowApi';
import { trOfTable } from '../../view/flow/trClient';
import { controlIds } from '../../sim/controls';
import type { InputIssue } from '../../sim/types';
import {
  defaultEmbedOptions,
  embedWording,
  parseEmbedParams,
  type EmbedOptions,
} from '../../lib/embedParams';
import {
  commandTypes,
  eventTargetOrigin,
  isOriginAllowed,
  makeEvent,
  parseCommand,
  type EmbedCommand,
} from '../../view/embed/protocol';
// Loaded on the first click only: most readers of an embed never open it.
const ShareDialog = lazy(() => import('./ShareDialog'));

export interface EmbedAppProps {
  scenario: string;
  lang: 'en' | 'de';
  /** Where "open in Hop by Hop" leads (a site path). */
  openHref: string;
  /** The `embed.*` and `share.*` strings of `lang` (picked at build time, sent in the HTML). */
  strings: Record<string, string>;
}

/** The diagram component to run: a one-language build (PacketFlowEn / PacketFlowDe). */
export type FlowComponent = ComponentType<PacketFlowProps>;

/**
 * Parses the frame's query string. Override values are checked for their type and range here;
 * whether a node id exists in the scenario is the run's to say (it lists it).
 */
function parseFor(search: string): { options: EmbedOptions; issues: InputIssue[] } {
  return parseEmbedParams(search, { controls: controlIds });
}

const SSR_OPTIONS = defaultEmbedOptions();

/** The options that decide what the diagram renders (not the frame id or allowed origins). */
function flowIdentity(o: EmbedOptions): string {
  return JSON.stringify([o.controls, o.overrides, o.chrome, o.step, o.time, o.autoplay]);
}

/** The embedded diagram with its message bridge (mounted through EmbedEn / EmbedDe). */
export default function EmbedApp({
  scenario,
  lang,
  openHref,
  strings,
  Flow,
}: EmbedAppProps & { Flow: FlowComponent }): ReactElement {
  const t = trOfTable(lang, strings);
  const [shareOpen, setShareOpen] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);
  // The server renders the defaults; the URL is read after hydration so markup matches.
  const [parsed, setParsed] = useState<{ options: EmbedOptions; issues: InputIssue[] } | null>(
    null,
  );
  const options = parsed?.options ?? SSR_OPTIONS;
  const apiRef = useRef<PacketFlowApi | null>(null);
  const [state, setState] = useState<PacketFlowState | null>(null);
  const lastSent = useRef<{ step: number; at: number; key: string }>({ step: -1, at: 0, key: '' });
  const readySent = useRef(false);
  // While a diagram the URL changed is computing its run, it has no picture yet: the frame keeps
  // the room the server's picture took, so the host never sees it collapse to its footer.
  const flowBox = useRef<HTMLDivElement>(null);
  const [hold, setHold] = useState<number | null>(null);
  const holding = useRef(false);

  useEffect(() => {
    const next = parseFor(location.search);
    if (flowIdentity(next.options) !== flowIdentity(SSR_OPTIONS) && flowBox.current) {
      holding.current = true;
      setHold(flowBox.current.offsetHeight);
    }
    setParsed(next);
  }, [scenario]);

  const post = useCallback(
    (
      type: 'ready' | 'step' | 'state' | 'height' | 'error',
      payload: Record<string, unknown>,
    ): void => {
      if (window.parent === window) return;
      window.parent.postMessage(
        makeEvent(type, options.frameId, payload),
        eventTargetOrigin(options.origins),
      );
    },
    [options.frameId, options.origins],
  );

  const onStateChange = useCallback(
    (s: PacketFlowState): void => {
      setState(s);
      if (holding.current) {
        holding.current = false;
        setHold(null);
      }
      const prev = lastSent.current;
      const key = `${s.step}|${s.playing}|${s.speed}|${JSON.stringify(s.overrides)}`;
      const now = performance.now();
      if (s.step !== prev.step)
        post('step', { step: s.step, steps: s.steps, narration: s.narration });
      // Time-only changes (a drain playing) are reported at most four times a second.
      if (key !== prev.key || now - prev.at > 250) {
        post('state', { state: s });
        lastSent.current = { step: s.step, at: now, key };
      } else {
        lastSent.current = { ...prev, step: s.step };
      }
    },
    [post],
  );

  // Announce readiness once the real diagram has given us its API and first state.
  useEffect(() => {
    if (!parsed || readySent.current || !state || !apiRef.current) return;
    readySent.current = true;
    post('ready', { state: apiRef.current.getState(), commands: [...commandTypes] });
  }, [parsed, state, post]);

  // Commands from the host.
  useEffect(() => {
    if (!parsed) return;
    const run = (command: EmbedCommand): unknown => {
      const api = apiRef.current;
      if (!api) return undefined;
      switch (command.type) {
        case 'play':
          api.play();
          return undefined;
        case 'pause':
          api.pause();
          return undefined;
        case 'step':
          api.step(command.delta);
          return undefined;
        case 'seek':
          api.seek(
            command.step !== undefined ? { step: command.step } : { time: command.time ?? 0 },
          );
          return undefined;
        case 'setOption':
          return api.setOption(command.key, command.value);
        case 'getState':
          return undefined;
      }
    };
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== window.parent || window.parent === window) return;
      const parsedCommand = parseCommand(event.data);
      if (!parsedCommand) return;
      const reply = (type: 'state' | 'error', payload: Record<string, unknown>): void => {
        (event.source as Window).postMessage(
          makeEvent(type, parsed.options.frameId, payload),
          event.origin === 'null' ? '*' : event.origin,
        );
      };
      const requestId =
        parsedCommand.requestId === undefined ? {} : { requestId: parsedCommand.requestId };
      if (!isOriginAllowed(event.origin, parsed.options.origins)) {
        reply('error', { error: 'originNotAllowed', ...requestId });
        return;
      }
      if ('error' in parsedCommand) {
        reply('error', { error: parsedCommand.error, ...requestId });
        return;
      }
      const result = run(parsedCommand.command);
      if (result === false) {
        reply('error', { error: 'badArgument', command: parsedCommand.command.type, ...requestId });
        return;
      }
      // Answer after React has applied the change (setOption re-renders the diagram).
      setTimeout(() => {
        const api = apiRef.current;
        if (api) reply('state', { state: api.getState(), ...requestId });
      }, 30);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [parsed]);

  // Height for the host, so it can size the frame and the frame never scrolls inside.
  useEffect(() => {
    if (!parsed || window.parent === window) return;
    let last = 0;
    const send = (): void => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        post('height', { height });
      }
    };
    const ro = new ResizeObserver(send);
    ro.observe(document.body);
    send();
    return () => ro.disconnect();
  }, [parsed, post]);

  // Theme and background from the URL (the layout defaults to auto / themed).
  useEffect(() => {
    if (!parsed) return;
    const root = document.documentElement;
    root.dataset['bg'] = options.bg;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const apply = (): void => {
      root.dataset['theme'] =
        options.theme === 'auto' ? (media.matches ? 'dark' : 'light') : options.theme;
    };
    apply();
    if (options.theme !== 'auto') return;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [parsed, options.bg, options.theme]);

  // Remount the diagram only when the URL changes what it shows: a plain embed keeps the
  // hydrated server frame (a remount cost a second long task and shifted the layout).
  const flowKey = useMemo(() => flowIdentity(options), [options]);
  const issues = parsed?.issues ?? [];

  return (
    <div className="hop-embed" data-ready={state ? 'true' : 'false'}>
      {issues.length > 0 && (
        <div className="hop-embed-issues" role="status" data-testid="embed-issues">
          <p className="hop-embed-issues-heading">{t('embed.issues.heading')}</p>
          <ul>
            {issues.map(embedWording).map(({ code, ...vars }, n) => (
              <li key={n} data-param={vars.param}>
                {t(`embed.issue.${code}`, vars)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div
        ref={flowBox}
        className="hop-embed-flow"
        {...(hold !== null ? { style: { minHeight: `${hold}px` } } : {})}
      >
        <Flow
          key={flowKey}
          scenario={scenario}
          lang={lang}
          controls={options.controls}
          overrides={options.overrides}
          chrome={options.chrome}
          {...(options.step !== undefined ? { initialStep: options.step } : {})}
          {...(options.time !== undefined ? { initialTime: options.time } : {})}
          autoplay={options.autoplay}
          urlState={false}
          instanceId="hop-embed"
          // A host page must not jump while the diagram plays: one height, the tallest state's.
          reserveHeight
          onStateChange={onStateChange}
          apiRef={apiRef}
        />
      </div>
      <footer className="hop-embed-footer">
        {/* Rendered from the first paint so hydration does not move the footer. */}
        {options.chrome !== 'none' && (
          <button
            ref={shareButton}
            type="button"
            className="hop-share-button"
            aria-haspopup="dialog"
            onClick={() => {
              apiRef.current?.pause();
              setShareOpen(true);
            }}
          >
            {t('share.button')}
          </button>
        )}
        {state && shareOpen && (
          <Suspense fallback={null}>
            <ShareDialog
              state={state}
              lang={lang}
              strings={strings}
              api={apiRef.current}
              controls={options.controls}
              chrome={options.chrome}
              initiallyOpen
              showButton={false}
              onClose={() => {
                setShareOpen(false);
                // Back to the button that opened it (the dialog unmounts with its chunk).
                shareButton.current?.focus();
              }}
            />
          </Suspense>
        )}
        <a className="hop-embed-open" href={openHref} target="_blank" rel="noopener">
          {t('embed.open')} ↗
        </a>
      </footer>
    </div>
  );
}
