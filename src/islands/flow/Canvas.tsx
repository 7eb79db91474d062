/**
 * The picture: React Flow as a fixed picture (no zoom, pan, drag, selection or keyboard of its
 * own) with the packet layer on top, and on the server a stacked copy of the first frame for
 * phones (see useLayout.ts).
 */
import {
  ReactFlow,
  ViewportPortal,
  type AriaLabelConfig,
  type Edge,
  type Node,
} from '@xyflow/react';
import type { ReactNode, RefObject } from 'react';
import { AriaSeed } from './a11y';
import { edgeTypes, nodeTypes, StaticPicture, ViewContext } from './nodes';
import type { DiagramView } from '../../view/flow/diagramView';
import type { FlowLayout, LinkData, PlaceData } from './toFlow';
import type { Tr } from '../../view/flow/trClient';

const FIXED_PICTURE = {
  defaultViewport: { x: 0, y: 0, zoom: 1 },
  minZoom: 1,
  maxZoom: 1,
  preventScrolling: false,
  zoomOnScroll: false,
  zoomOnPinch: false,
  zoomOnDoubleClick: false,
  panOnDrag: false,
  panOnScroll: false,
  nodesDraggable: false,
  nodesConnectable: false,
  nodesFocusable: false,
  edgesFocusable: false,
  elementsSelectable: false,
  disableKeyboardA11y: true,
  // React Flow's own attribution would sit inside the picture (role="img", no links allowed
  // there); ours is the same link, small in the picture's corner (see below).
  proOptions: { hideAttribution: true },
} as const;
/** Server HTML kept as it is during hydration (the narrow first frame). */
const EMPTY_HTML = { __html: '' };

/** The canvas of one diagram; `children` is the packet layer. */
export function Canvas(props: {
  wrap: RefObject<HTMLDivElement>;
  canvas: RefObject<HTMLDivElement>;
  uid: string;
  tr: Tr;
  layout: FlowLayout;
  elements: { nodes: Node<PlaceData>[]; edges: Edge<LinkData>[] } | null;
  aria: Partial<AriaLabelConfig>;
  view: DiagramView;
  /** The stacked first frame (null: none; layout null on the client, which keeps the server's). */
  narrow: { layout: FlowLayout | null; css: string } | null;
  children: ReactNode;
}) {
  const { tr, layout, uid, view, narrow } = props;
  const isServer = typeof window === 'undefined';
  // MetalLB L2 draws no LB box: the label does not promise one.
  const label = layout.boxes['lb'] ? view.labels.canvas : view.labels.canvasNoLb;
  return (
    // Focusable so keyboard users can give the diagram focus (and scroll it on tiny screens).
    <div
      ref={props.wrap}
      className="hop-canvas-wrap"
      data-canvases={uid}
      data-pagefind-ignore
      tabIndex={0}
      role="group"
      aria-label={tr('diagram.a11y.region', { keys: tr('diagram.keys') })}
      aria-describedby={`${uid}-narration`}
    >
      <div
        ref={props.canvas}
        className="hop-canvas hop-canvas--wide"
        style={{ width: layout.width, height: layout.height }}
        role="img"
        aria-label={label}
      >
        <ViewContext.Provider value={view}>
          <ReactFlow
            key={`${layout.width}`}
            nodes={props.elements?.nodes ?? layout.nodes}
            edges={props.elements?.edges ?? layout.edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            width={layout.width}
            height={layout.height}
            {...FIXED_PICTURE}
            ariaLabelConfig={props.aria}
          >
            <AriaSeed config={props.aria} />
            <ViewportPortal>{props.children}</ViewportPortal>
          </ReactFlow>
        </ViewContext.Provider>
      </div>
      {narrow &&
        (narrow.layout ? (
          <div
            className="hop-canvas hop-canvas--narrow"
            style={{ width: narrow.layout.width, height: narrow.layout.height }}
            role="img"
            aria-label={label}
          >
            <ViewContext.Provider value={view}>
              <StaticPicture layout={narrow.layout} />
            </ViewContext.Provider>
          </div>
        ) : (
          // Client: during hydration Preact leaves an element with dangerouslySetInnerHTML
          // as the server rendered it; once measured, the copy is dropped.
          <div className="hop-canvas hop-canvas--narrow" dangerouslySetInnerHTML={EMPTY_HTML} />
        ))}
      {/* hop:attribution — React Flow draws this diagram; its attribution stays visible, small,
          in the corner (xyflow asks for it unless you subscribe to React Flow Pro). */}
      <a
        className="react-flow__attribution hop-attribution"
        href="https://reactflow.dev"
        target="_blank"
        rel="noopener noreferrer"
      >
        React Flow
      </a>
      {narrow && narrow.css !== '' && (
        <style dangerouslySetInnerHTML={isServer ? { __html: narrow.css } : EMPTY_HTML} />
      )}
    </div>
  );
}
