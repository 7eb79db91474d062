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
import type { FlowLayout, LinkData, PlaceData } from './toFlow';
import { pathOf } from '../../view/flow/polyline';
import type { DiagramView } from '../../view/flow/diagramView';

export const ViewContext = createContext<DiagramView>({
  active: new Set(),
  activeLink: null,
  badges: {},
  dim: new Set(),
  labels: {
    kubeProxy: 'kube-proxy',
    lb: 'load balancer',
    noPods: 'no pods',
    canvas: 'topology',
    canvasNoLb: 'topology',
  },
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
  return <PlaceBox id={id} data={data} handles />;
});

/** One box's content; `handles` only inside React Flow (its handles need its store). */
function PlaceBox({ id, data, handles }: { id: string; data: PlaceData; handles: boolean }) {
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
  // The node's data path: kube-proxy, or the eBPF program at eth0 that replaces it.
  const label =
    data.kind === 'lb'
      ? view.labels.lb
      : data.kind === 'proxy'
        ? view.labels.kubeProxy
        : data.label;
  // A shortened name: whole on hover and focus (a tooltip outside the clipping box), and to
  // screen readers, which read the whole one instead of the shortened text. Place names the view
  // supplies (load balancer, data path) are not shortened.
  const short = data.kind === 'lb' || data.kind === 'proxy' ? undefined : data.short;
  return (
    <>
      <div className={cls} data-place={id}>
        {handles && <Handles />}
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
          {short ? (
            <strong className="hop-place__label" title={label} tabIndex={0} data-full={label}>
              <span aria-hidden="true">{short}</span>
              <span className="hop-sr">{label}</span>
            </strong>
          ) : (
            <strong className="hop-place__label">{label}</strong>
          )}
          <span className="hop-place__sub">{data.sub}</span>
        </div>
        {badges.length > 0 && (
          <div className="hop-place__badges">
            {badges.map((b) => (
              <span
                key={b}
                className={view.giveaways?.has(b) ? 'hop-badge hop-giveaway' : 'hop-badge'}
              >
                {b}
              </span>
            ))}
          </div>
        )}
      </div>
      {short && (
        <span className="hop-place__full" aria-hidden="true">
          {label}
        </span>
      )}
    </>
  );
}

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

/**
 * The layout as plain positioned boxes and one SVG of links, without React Flow: the server's
 * stacked first frame for phones, which never hydrates (about half of React Flow's markup).
 */
export function StaticPicture({ layout }: { layout: FlowLayout }) {
  // Stacked as React Flow does: Node containers, then the links, then the boxes inside.
  const box = (n: FlowLayout['nodes'][number]) => (
    <div
      key={n.id}
      className="hop-picture__box"
      data-kind={n.data.kind}
      style={{
        transform: `translate(${n.position.x}px, ${n.position.y}px)`,
        width: n.width,
        height: n.height,
      }}
    >
      <PlaceBox id={n.id} data={n.data} handles={false} />
    </div>
  );
  return (
    <div className="hop-picture" style={{ width: layout.width, height: layout.height }}>
      {layout.nodes.filter((n) => n.data.kind === 'node').map(box)}
      <svg
        className="hop-picture__links"
        width={layout.width}
        height={layout.height}
        aria-hidden="true"
        focusable="false"
      >
        {layout.edges.map((e) =>
          e.data ? (
            <path
              key={e.id}
              d={pathOf(e.data.points)}
              className={`hop-link${e.data.extra ? ' hop-link--extra' : ''}`}
              fill="none"
            />
          ) : null,
        )}
      </svg>
      {layout.nodes.filter((n) => n.data.kind !== 'node').map(box)}
    </div>
  );
}
