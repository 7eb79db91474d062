/** German messages the diagram island ships (diagram + engine areas). */
import diagram from '../../i18n/locales/diagram/de.json';
import sim from '../../i18n/locales/sim/de.json';
import type { Messages } from './trClient';

export const messagesDe: Messages = { de: { ...diagram, ...sim } };
