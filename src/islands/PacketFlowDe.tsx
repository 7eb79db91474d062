/** The packet-flow island shipping only German messages (lesson pages in German). */
import PacketFlowCore from './PacketFlowCore';
import { messagesDe } from '../view/flow/messages.de';
import type { PacketFlowProps } from './packetFlowApi';

/** PacketFlow for lang="de". */
export default function PacketFlowDe(props: PacketFlowProps) {
  return <PacketFlowCore {...props} messages={messagesDe} />;
}
