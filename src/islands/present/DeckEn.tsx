/** The deck island for lang="en": ships only the English diagram messages. */
import type { ReactElement } from 'react';
import PacketFlowEn from '../PacketFlowEn';
import DeckApp, { type DeckAppProps } from './DeckApp';

/** DeckApp with the one-language diagram. */
export default function DeckEn(props: DeckAppProps): ReactElement {
  return <DeckApp {...props} Flow={PacketFlowEn} />;
}
