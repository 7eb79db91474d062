/**
 * Starts each lesson diagram's first engine run in the engine's worker when the diagram nears
 * the viewport, alongside client:interact's prefetch of the island's code. The run happens off
 * the main thread, so the page stays as quiet as before; the first press then finds it done
 * instead of waiting for a cold worker (runJobs keys the run exactly as the island asks for it).
 * Not with a URL query (the island reads other options from it) or when the reader asked to
 * save data.
 */
import type { WarmRun } from '../view/flow/runJobs';

const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
const diagrams = document.querySelectorAll<HTMLElement>('[data-hop-warm]');
if (
  diagrams.length > 0 &&
  typeof Worker !== 'undefined' &&
  location.search.length <= 1 &&
  !saveData
) {
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting || !(e.target instanceof HTMLElement)) continue;
        io.unobserve(e.target);
        let run: WarmRun;
        try {
          run = JSON.parse(e.target.dataset['hopWarm'] ?? '') as WarmRun;
        } catch {
          continue;
        }
        void import('../view/flow/runJobs').then((m) => m.warmRun(run));
      }
    },
    { rootMargin: '400px 0px' },
  );
  for (const d of diagrams) io.observe(d);
}
