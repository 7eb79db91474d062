/**
 * The packet-flow island with both languages (the stable entry other teams import; `lang`
 * switches at run time). Lessons use PacketFlowEn / PacketFlowDe, which ship one language.
 */
import PacketFlowCore from './PacketFlowCore';
import { messagesDe } from './flow/messages.de';
import { messagesEn } from './flow/messages.en';
import type { Messages } from './flow/trClient';
import type { PacketFlowProps } from './packetFlowApi';

export type { PacketFlowApi, PacketFlowProps, PacketFlowState } from './packetFlowApi';

const messages: Messages = { ...messagesEn, ...messagesDe };

/** The packet-flow diagram (hydrate with client:visible). */
export default function PacketFlow(props: PacketFlowProps) {
  return <PacketFlowCore {...props} messages={messages} />;
}
