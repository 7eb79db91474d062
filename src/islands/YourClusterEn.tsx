/** The your-cluster island shipping only English messages; importer and diagram load lazily. */
import YourClusterCore, { type YourClusterProps } from './YourClusterCore';
import { clusterMessagesEn } from '../view/cluster/messages.en';

const loadImporterMessages = () =>
  import('../i18n/locales/importer/en.json').then((m) => m.default as Record<string, string>);
const loadDiagram = () => import('./PacketFlowEn');

/** YourCluster for lang="en". */
export default function YourClusterEn(props: YourClusterProps) {
  return (
    <YourClusterCore
      {...props}
      messages={clusterMessagesEn}
      loadImporterMessages={loadImporterMessages}
      loadDiagram={loadDiagram}
    />
  );
}
