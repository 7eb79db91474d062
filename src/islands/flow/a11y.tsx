/**
 * React Flow's accessibility text in the reader's language, on the server too. React Flow
 * writes English of its own: every edge gets `aria-label="Edge from lb to node-1"` and
 * `aria-roledescription="edge"`, every node `aria-roledescription="node"`, and its hidden help
 * texts come from `ariaLabelConfig`, which it applies in an effect, so the server-rendered
 * first frame (and the first client render) carried the English defaults.
 */
import { useStoreApi, type AriaLabelConfig, type Edge, type Node } from '@xyflow/react';
import { placeName } from '../../view/flow/narrate';
import type { LinkData, PlaceData } from './toFlow';
import type { Tr } from '../../view/flow/trClient';

/**
 * The `ariaLabelConfig` strings the fixed picture renders, from the diagram's i18n keys: the
 * hidden node and edge help texts and the handles' label. It has no zoom controls, no mini map
 * and nothing to move (so no "moved" announcement); their strings would never reach a page.
 */
export function ariaConfig(tr: Tr): Partial<AriaLabelConfig> {
  return {
    'node.a11yDescription.default': tr('diagram.a11y.node'),
    'node.a11yDescription.keyboardDisabled': tr('diagram.a11y.nodeKeyboard'),
    'edge.a11yDescription.default': tr('diagram.a11y.edge'),
    'handle.ariaLabel': tr('diagram.a11y.handle'),
  };
}

/**
 * Nodes and edges with their own localized ARIA text: each link is named by the places it
 * joins; boxes drop React Flow's role description (a box has no role of its own, and the
 * picture as a whole is one image with a label), their visible text is already localized.
 */
export function withAria(
  nodes: readonly Node<PlaceData>[],
  edges: readonly Edge<LinkData>[],
  tr: Tr,
): { nodes: Node<PlaceData>[]; edges: Edge<LinkData>[] } {
  const role = tr('diagram.a11y.linkRole');
  return {
    nodes: nodes.map((n) => ({ ...n, domAttributes: { 'aria-roledescription': undefined } })),
    edges: edges.map((e) => ({
      ...e,
      ariaLabel: tr('diagram.a11y.link', {
        a: placeName(tr, e.source),
        b: placeName(tr, e.target),
      }),
      domAttributes: { 'aria-roledescription': role },
    })),
  };
}

/**
 * Puts the localized `ariaLabelConfig` into React Flow's store while rendering, before React
 * Flow's own hidden help texts (rendered after its children) read it: the server HTML and the
 * hydrating render then agree, in the page's language. A child of `<ReactFlow>`.
 */
export function AriaSeed({ config }: { config: Partial<AriaLabelConfig> }) {
  const store = useStoreApi();
  const current = store.getState().ariaLabelConfig;
  const stale = (Object.keys(config) as Array<keyof AriaLabelConfig>).some(
    (k) => typeof config[k] === 'string' && current[k] !== config[k],
  );
  if (stale) store.setState({ ariaLabelConfig: { ...current, ...config } });
  return null;
}
