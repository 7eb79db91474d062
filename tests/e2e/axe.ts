import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on `page` (only inside `include` when given), one "rule: targets" line each.
 *
 * Runs axe in the page itself (AxeBuilder's legacy mode: axe.run in the top frame, which reaches
 * same-origin frames through axe's own messaging) and builds node details for violations only.
 * The default mode runs axe.runPartial per frame and then axe.finishRun in a new blank page, which
 * takes three to four times as long on the long reference pages for the same findings (measured
 * 7–9 s against 2.5–4 s on /en/sources/ and /de/cli/; a button without a name in the page and an
 * image without alt text in a same-origin frame were reported alike by both modes).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
