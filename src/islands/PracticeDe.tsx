/** The practice island shipping only German messages. */
import practice from '../i18n/locales/practice/de.json';
import Practice from './practice/Practice';
import { messagesDe } from './flow/messages.de';
import type { Messages } from './flow/trClient';

const messages: Messages = { de: { ...messagesDe.de, ...practice } };

/** Practice for lang="de". */
export default function PracticeDe() {
  return <Practice lang="de" messages={messages} flowMessages={messagesDe} />;
}
