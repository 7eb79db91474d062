/** German messages the your-cluster island ships (the cluster area; the importer's come lazily). */
import cluster from '../../i18n/locales/cluster/de.json';
import type { Messages } from '../flow/trClient';

export const clusterMessagesDe: Messages = { de: cluster };
