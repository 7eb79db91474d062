/** The your-cluster page's share link: the address bar holds it; the button copies it. */
import type { Tr } from '../../view/flow/trClient';

/** The copy button and whether the copy worked. */
export function ShareSection({
  tr,
  copied,
  onCopy,
}: {
  tr: Tr;
  copied: 'ok' | 'failed' | null;
  onCopy: () => void;
}) {
  return (
    <section className="hop-cluster__share" aria-labelledby="hop-cluster-share">
      <h2 id="hop-cluster-share">{tr('cluster.share.heading')}</h2>
      <p>{tr('cluster.share.note')}</p>
      <button type="button" data-testid="copy-link" onClick={onCopy}>
        {tr('cluster.share.button')}
      </button>{' '}
      <span role="status">
        {copied === 'ok'
          ? tr('cluster.share.copied')
          : copied === 'failed'
            ? tr('cluster.share.copyFailed')
            : ''}
      </span>
    </section>
  );
}
