/** The deck island for lang="de": ships only the German diagram messages. */
import type { ReactElement } from 'react';
import PacketFlowDe from '../PacketFlowDe';
import DeckApp, { type DeckAppProps } from './DeckApp';

/** DeckApp with the one-language diagram. */
export default function DeckDe(props: DeckAppProps): ReactElement {
  return <DeckApp {...props} Flow={PacketFlowDe} />;
}
