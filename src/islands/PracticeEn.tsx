/** The practice island shipping only English practice messages (the diagram's load with it). */
import practice from '../i18n/locales/practice/en.json';
import Practice from './practice/Practice';
import type { Messages } from '../view/flow/trClient';

const messages: Messages = { en: practice };

/** Practice for lang="en". */
export default function PracticeEn() {
  return <Practice lang="en" messages={messages} />;
}
