/** The practice island shipping only German practice messages (the diagram's load with it). */
import practice from '../i18n/locales/practice/de.json';
import Practice from './practice/Practice';
import type { Messages } from '../view/flow/trClient';

const messages: Messages = { de: practice };

/** Practice for lang="de". */
export default function PracticeDe() {
  return <Practice lang="de" messages={messages} />;
}
