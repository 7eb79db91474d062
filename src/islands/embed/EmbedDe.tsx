/** The embed island for lang="de": ships only the German diagram messages. */
import type { ReactElement } from 'react';
import PacketFlowDe from '../PacketFlowDe';
import EmbedApp, { type EmbedAppProps } from './EmbedApp';

/** EmbedApp with the one-language diagram. */
export default function EmbedDe(props: EmbedAppProps): ReactElement {
  return <EmbedApp {...props} Flow={PacketFlowDe} />;
}
