/** What stopped the your-cluster page's view: the importer's issues, a share link's, or its own. */
import type { Tr } from '../../view/flow/trClient';
import type { Problem } from './useClusterSession';
import type { ReportTools } from './views';

/** The alert box of a problem; the importer's issues need its tools (loaded with it). */
export function ProblemSection({
  problem,
  tr,
  tools,
}: {
  problem: Problem;
  tr: Tr;
  tools: ReportTools | null;
}) {
  return (
    <section className="hop-cluster__problem" role="alert" data-testid="problem">
      <h2>{tr(problem.kind === 'link' ? 'cluster.link.heading' : 'cluster.error.heading')}</h2>
      {problem.kind === 'issues' && tools && (
        <ul>
          {problem.items.map((item, i) => (
            <li key={i} data-code={item.code}>
              {tools.tr(tools.itemKey(item), tools.itemParams(item, tr))}
            </li>
          ))}
        </ul>
      )}
      {problem.kind === 'link' && (
        <p data-code={problem.code}>{tr(`cluster.link.${problem.code}`, problem.params)}</p>
      )}
      {problem.kind === 'message' && <p>{tr(problem.key, problem.params)}</p>}
    </section>
  );
}
