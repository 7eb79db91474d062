/** English messages the diagram island ships (diagram + engine areas). */
import diagram from '../../i18n/locales/diagram/en.json';
import sim from '../../i18n/locales/sim/en.json';
import type { Messages } from './trClient';

export const messagesEn: Messages = { en: { ...diagram, ...sim } };
