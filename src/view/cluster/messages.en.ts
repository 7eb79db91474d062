/** English messages the your-cluster island ships (the cluster area; the importer's come lazily). */
import cluster from '../../i18n/locales/cluster/en.json';
import type { Messages } from '../flow/trClient';

export const clusterMessagesEn: Messages = { en: cluster };
