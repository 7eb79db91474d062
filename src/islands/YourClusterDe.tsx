/** The your-cluster island shipping only German messages; importer and diagram load lazily. */
import YourClusterCore, { type YourClusterProps } from './YourClusterCore';
import { clusterMessagesDe } from '../view/cluster/messages.de';

const loadImporterMessages = () =>
  import('../i18n/locales/importer/de.json').then((m) => m.default as Record<string, string>);
const loadDiagram = () => import('./PacketFlowDe');

/** YourCluster for lang="de". */
export default function YourClusterDe(props: YourClusterProps) {
  return (
    <YourClusterCore
      {...props}
      messages={clusterMessagesDe}
      loadImporterMessages={loadImporterMessages}
      loadDiagram={loadDiagram}
    />
  );
}
