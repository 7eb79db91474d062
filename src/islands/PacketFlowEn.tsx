/** The packet-flow island shipping only English messages (lesson pages in English). */
import PacketFlowCore from './PacketFlowCore';
import { messagesEn } from '../view/flow/messages.en';
import type { PacketFlowProps } from './packetFlowApi';

/** PacketFlow for lang="en". */
export default function PacketFlowEn(props: PacketFlowProps) {
  return <PacketFlowCore {...props} messages={messagesEn} />;
}
