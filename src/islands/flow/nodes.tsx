/** The diagram's custom React Flow nodes and link edge (pure presentation). */
import { createContext, memo, useContext } from 'react';
import {
  Handle,
  Position,
  type EdgeProps,
  type Node,
  type NodeProps,
  type Edge,
} from '@xyflow/react';
import type { LinkData, PlaceData } from './toFlow';
import { pathOf } from './toFlow';

/** Per-frame-independent view state the nodes read (which places are active, node states). */
export interface DiagramView {
  active: ReadonlySet<string>;
  activeLink: string | null;
  /** Badges per place id, already localized. */
  badges: Readonly<Record<string, string[]>>;
  /** Places drawn dimmed (offline node, exited pod). */
  dim: ReadonlySet<string>;
  labels: { kubeProxy: string; lb: string; noPods: string };
}

export const ViewContext = createContext<DiagramView>({
  active: new Set(),
  activeLink: null,
  badges: {},
  dim: new Set(),
  labels: { kubeProxy: 'kube-proxy', lb: 'load balancer', noPods: 'no pods' },
});

function Handles() {
  return (
    <>
      <Handle
        type="source"
        id="s"
        position={Position.Top}
        isConnectable={false}
        className="hop-handle"
      />
      <Handle
        type="target"
        id="t"
        position={Position.Top}
        isConnectable={false}
        className="hop-handle"
      />
    </>
  );
}

const Place = memo(function Place({ id, data }: NodeProps<Node<PlaceData>>) {
  const view = useContext(ViewContext);
  const cls = [
    'hop-place',
    `hop-place--${data.kind}`,
    view.active.has(id) ? 'is-active' : '',
    view.dim.has(id) || (data.node && view.dim.has(data.node) && data.kind !== 'node')
      ? 'is-dim'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const badges = view.badges[id] ?? [];
  const label = data.kind === 'lb' ? view.labels.lb : data.label;
  return (
    <div className={cls} data-place={id}>
      <Handles />
      <div className="hop-place__head">
        <span className="hop-place__icon" aria-hidden="true">
          {data.kind === 'client'
            ? '⌨'
            : data.kind === 'lb'
              ? '⇆'
              : data.kind === 'pod'
                ? '▣'
                : data.kind === 'proxy'
                  ? '⚙'
                  : '▤'}
        </span>
        <strong className="hop-place__label">{label}</strong>
        <span className="hop-place__sub">{data.sub}</span>
      </div>
      {badges.length > 0 && (
        <div className="hop-place__badges">
          {badges.map((b) => (
            <span key={b} className="hop-badge">
              {b}
            </span>
          ))}
        </div>
      )}
    </div>
  );
});

export const nodeTypes = { client: Place, lb: Place, node: Place, proxy: Place, pod: Place };

const Link = memo(function Link({ id, data }: EdgeProps<Edge<LinkData>>) {
  const view = useContext(ViewContext);
  if (!data) return null;
  const active = view.activeLink === id;
  return (
    <path
      d={pathOf(data.points)}
      className={`hop-link${data.extra ? ' hop-link--extra' : ''}${active ? ' is-active' : ''}`}
      fill="none"
    />
  );
});

export const edgeTypes = { link: Link };
