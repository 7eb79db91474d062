/** The diagram's bar: its title, the policy and SNAT chips, and the share button with its dialog. */
import { Suspense, lazy, useRef, useState } from 'react';
import type { DataPathKind } from '../../sim/dataPath';
import type { ExternalTrafficPolicy } from '../../sim/types';
import type { PacketFlowApi, PacketFlowState } from '../packetFlowApi';
import { snatChipKey } from '../../view/flow/diagramView';
import type { Tr } from '../../view/flow/trClient';

// The share dialog is loaded on the first click only (most readers never open it).
const SharePanel = lazy(() => import('./SharePanel'));

/** What the share dialog needs; null where the diagram has no share button. */
export interface ShareSource {
  getState: () => PacketFlowState;
  api: PacketFlowApi;
  controls: string[];
  chrome: 'none' | 'playback' | 'full';
  pause: () => void;
}

/** The header of one diagram. */
export function Header(props: {
  title: string;
  policy: ExternalTrafficPolicy;
  masquerade: boolean;
  /** The data path the nodes run (kube-proxy's mode, or the eBPF replacement). */
  dataPath: DataPathKind;
  /** The eBPF data path's chip with its mode and algorithm; null on kube-proxy. */
  ebpfChip: string | null;
  /** Connections a burst plays (0: no burst). */
  burst: number;
  share: ShareSource | null;
  tr: Tr;
  lang: 'en' | 'de';
}) {
  const { tr, policy, share } = props;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  return (
    <header className="hop-flow__bar">
      <strong className="hop-flow__title">{props.title}</strong>
      <span className={`hop-chip hop-chip--${policy}`}>{tr('diagram.policy', { policy })}</span>
      {/* SNAT is a kube-proxy setting; the eBPF chip names its own mode instead. Whether the node
          masquerades can be a lesson question's answer: hop-giveaway. */}
      {props.dataPath !== 'ebpf' && (
        <span className="hop-chip hop-giveaway" data-chip="snat">
          {tr(snatChipKey(policy, props.masquerade))}
        </span>
      )}
      <span className="hop-chip" data-chip="dataPath">
        {props.ebpfChip ?? tr(`dataPath.${props.dataPath}`)}
      </span>
      {props.burst > 0 && (
        <span className="hop-chip">{tr('diagram.burst', { count: props.burst })}</span>
      )}
      {share && (
        <button
          ref={button}
          type="button"
          className="hop-btn hop-btn--small hop-flow__share"
          aria-haspopup="dialog"
          data-action="share"
          onClick={() => {
            share.pause();
            setOpen(true);
          }}
        >
          {tr('diagram.share')}
        </button>
      )}
      {share && open && (
        <Suspense fallback={null}>
          <SharePanel
            state={share.getState()}
            lang={props.lang}
            api={share.api}
            controls={share.controls}
            chrome={share.chrome}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
