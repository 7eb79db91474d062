/** The embed island for lang="en": ships only the English diagram messages. */
import type { ReactElement } from 'react';
import PacketFlowEn from '../PacketFlowEn';
import EmbedApp, { type EmbedAppProps } from './EmbedApp';

/** EmbedApp with the one-language diagram. */
export default function EmbedEn(props: EmbedAppProps): ReactElement {
  return <EmbedApp {...props} Flow={PacketFlowEn} />;
}
