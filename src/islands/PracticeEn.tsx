/** The practice island shipping only English messages. */
import practice from '../i18n/locales/practice/en.json';
import Practice from './practice/Practice';
import { messagesEn } from './flow/messages.en';
import type { Messages } from './flow/trClient';

const messages: Messages = { en: { ...messagesEn.en, ...practice } };

/** Practice for lang="en". */
export default function PracticeEn() {
  return <Practice lang="en" messages={messages} flowMessages={messagesEn} />;
}
