/**
 * The your-cluster page in a browser: a sample imports and gives its verdicts in English and
 * German, a what-if shows beside today, the share link restores the view (and a broken one says
 * so), and a bad paste gets a localized message instead of a crash.
 */
import { expect, test, type Page } from '@playwright/test';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function importSample(page: Page, id: string): Promise<void> {
  // The page's island hydrates on load; a press before that would go to the static button.
  await expect(page.locator('astro-island[ssr]:has(.hop-cluster)')).toHaveCount(0, {
    timeout: 20_000,
  });
  await page.locator(`button[data-sample="${id}"]`).click();
  await expect(page.locator('.hop-cluster')).toHaveAttribute('data-ready', 'true', {
    timeout: 20_000,
  });
  await expect(page.locator('.hop-cluster')).toHaveAttribute('data-busy', 'false');
}

// Today's findings (a what-if's remedies list its own verdicts further down).
const verdicts = (page: Page) => page.locator('.hop-cluster__verdicts [data-testid="verdicts"]');

test('en: the AKS sample says the client IP is lost to SNAT, with the report and a diagram', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/en/your-cluster/');
  await importSample(page, 'aks-cluster');
  await expect(verdicts(page)).toContainText(
    'Client IP kept: no — under Cluster kube-proxy masquerades every external connection',
  );
  await expect(verdicts(page)).toContainText(
    'Load: even — each of the 3 serving Pods expects at most 33.3 %',
  );
  await expect(page.locator('[data-testid="cloud"]')).toContainText('preset azure');
  await expect(page.locator('[data-testid="shares"]').first()).toContainText('storefront-');
  // Two TCP ports: the port picker offers both.
  await expect(page.locator('[data-testid="port-pick"] option')).toHaveCount(2);
  await expect(page.locator('.hop-cluster__diagram .hop-flow').first()).toBeVisible({
    timeout: 20_000,
  });
  expect(errors).toEqual([]);
});

test('de: the GKE sample keeps the client IP and finds the load uneven', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/de/your-cluster/');
  await importSample(page, 'gke-local');
  await expect(verdicts(page)).toContainText('Client-IP erhalten: ja – unter Local');
  await expect(verdicts(page)).toContainText('Last: ungleich');
  await expect(page.locator('.hop-cluster__report')).toContainText('Voreinstellung gcp');
  expect(errors).toEqual([]);
});

test('en: switching the policy shows the what-if beside today', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/en/your-cluster/');
  await importSample(page, 'gke-local');
  await page.locator('input[data-whatif="policy"]').check();
  const compare = page.locator('[data-testid="compare"]');
  await expect(compare).toBeVisible({ timeout: 60_000 });
  const changed = compare.locator('[data-changed="true"]');
  await expect(changed.first()).toBeVisible();
  await expect(compare).toContainText('Client IP kept: yes — under Local');
  await expect(compare).toContainText('Client IP kept: no — under Cluster');
  await expect(compare).toContainText('Load: even — each of the 5 serving Pods');
});

test('de: a drain what-if survives the share link round trip', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto('/de/your-cluster/');
  await importSample(page, 'aks-cluster');
  await page.locator('input[data-whatif="drain"]').check();
  const compare = page.locator('[data-testid="compare"]');
  await expect(compare).toContainText('Drain von aks-nodepool1-38290117-vmss000000', {
    timeout: 60_000,
  });
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#scenario=[\w-]+$/);
  const url = page.url();
  const before = await verdicts(page).innerText();
  // The link holds the derived scenario, never the pasted text.
  expect(decodeURIComponent(url)).not.toContain('storefront-metrics');

  const other = await browser.newPage();
  const errors = watchErrors(other);
  await other.goto(url);
  await expect(other.locator('.hop-cluster')).toHaveAttribute('data-ready', 'true', {
    timeout: 20_000,
  });
  await expect(other.locator('.hop-cluster__status')).toContainText('aus einem geteilten Link');
  expect(await verdicts(other).innerText()).toBe(before);
  await expect(other.locator('input[data-whatif="drain"]')).toBeChecked();
  await expect(other.locator('[data-testid="compare"]')).toContainText('Drain von', {
    timeout: 60_000,
  });
  await expect(other.locator('.hop-cluster__report')).toContainText('nur das abgeleitete Szenario');
  expect(errors).toEqual([]);
  await other.close();
});

test('en: a broken share link gets a clear message', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/en/your-cluster/#scenario=AAAA');
  const problem = page.locator('[data-testid="problem"]');
  await expect(problem).toContainText('This share link cannot be opened', { timeout: 20_000 });
  await expect(problem).toContainText('damaged');
  expect(errors).toEqual([]);
});

test('a paste made before the page finished loading is kept and imported', async ({ page }) => {
  const errors = watchErrors(page);
  // Hold the island's code back until the paste has landed in the server-rendered box.
  let release = (): void => undefined;
  const pasted = new Promise<void>((r) => (release = r));
  await page.route(/YourCluster(En|De)\.[^/]*\.js$/, async (route) => {
    await pasted;
    await route.continue();
  });
  await page.goto('/en/your-cluster/', { waitUntil: 'domcontentloaded' });
  await page.locator('#hop-cluster-text').fill('kind: [unclosed\n  - : :');
  release();
  await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached({ timeout: 20_000 });
  await expect(page.locator('#hop-cluster-text')).toHaveValue('kind: [unclosed\n  - : :');
  await page.locator('.hop-cluster__import').click();
  const problem = page.locator('[data-testid="problem"]');
  await expect(problem).toContainText('Cannot import this input', { timeout: 20_000 });
  await expect(problem).toContainText('line');
  await expect(problem).not.toContainText('empty');
  expect(errors).toEqual([]);
});

test('bad pastes get localized messages naming the problem, in both languages', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/en/your-cluster/');
  await page.locator('#hop-cluster-text').fill('kind: [unclosed\n  - : :');
  await page.locator('.hop-cluster__import').click();
  const problem = page.locator('[data-testid="problem"]');
  await expect(problem).toContainText('Cannot import this input', { timeout: 20_000 });
  await expect(problem).toContainText('line');

  await page.goto('/de/your-cluster/');
  await page
    .locator('#hop-cluster-text')
    .fill(
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: internal\n  namespace: shop\nspec:\n  type: ClusterIP\n  ports:\n  - port: 80\n',
    );
  await page.locator('.hop-cluster__import').click();
  await expect(problem).toContainText('Diese Eingabe lässt sich nicht importieren', {
    timeout: 20_000,
  });
  await expect(problem).toContainText('ClusterIP');
  expect(errors).toEqual([]);
});

test('en: step 0 shows no share and no outcome; a drain under Cluster gets the taint-first remedy, then a preStop', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/en/your-cluster/');
  await importSample(page, 'aks-cluster');
  const diagram = page.locator('.hop-cluster__diagram .hop-flow[data-hydrated="true"]');
  await expect(diagram).toBeVisible({ timeout: 60_000 });
  // Nothing sent yet: no measured share, no expectation beside it, no outcome.
  await expect(diagram.locator('.hop-chart__none')).toContainText('Nothing has been sent yet');
  await expect(diagram.locator('.hop-inspector__outcome').first()).toContainText('not sent yet');
  // A drain what-if: the window, and under it the remedy with its numbers and its commands.
  await page.locator('input[data-whatif="drain"]').check();
  const whatif = page.locator('.hop-cluster__whatif');
  await expect(whatif.locator('[data-testid="compare"]')).toContainText('Drain of', {
    timeout: 60_000,
  });
  const taint = whatif.locator('[data-remedy="taintFirst"]').first();
  await expect(taint).toContainText('ToBeDeletedByClusterAutoscaler');
  await expect(taint.locator('pre')).toContainText('kubectl taint node');
  await expect(taint.locator('pre')).toContainText('health-probe_request-path=/healthz');
  await taint.locator('[data-testid="remedy-try"]').click();
  await expect(page.locator('input[data-whatif="taint"]')).toBeChecked();
  await expect(page.locator('input[data-whatif="probe"]')).toBeChecked();
  // What is left (Pods gone before kube-proxy everywhere knew): a preStop sleep closes it.
  const preStop = whatif.locator('[data-remedy="preStop"]').first();
  await expect(preStop).toContainText('preStop sleep of', { timeout: 60_000 });
  await expect(preStop.locator('[data-testid="remedy-after"]')).toContainText('0 failed new');
  await preStop.locator('[data-testid="remedy-try"]').click();
  await expect(page.locator('input[data-whatif="preStop"]')).toBeChecked();
  await expect(whatif.locator('[data-testid="compare"]')).toContainText('no new connection fails', {
    timeout: 60_000,
  });
  expect(errors).toEqual([]);
});

test('de: a paste over the size limit is refused in German, and the text stays in the box', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/de/your-cluster/');
  await expect(page.locator('.hop-cluster__hint').first()).toContainText('Bis zu 10 MB');
  test.setTimeout(120_000);
  // Lines as a dump has them (one 10 MB line would only measure the browser's text layout).
  const line = `# ${'x'.repeat(97)}\n`;
  const big = line.repeat(Math.ceil((10 * 1024 * 1024 + 10) / line.length));
  await page.locator('#hop-cluster-text').evaluate((el, text) => {
    const box = el as HTMLTextAreaElement;
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, big);
  await page.locator('.hop-cluster__import').click();
  const problem = page.locator('[data-testid="problem"]');
  await expect(problem).toContainText('höchstens 10,0 MB', { timeout: 20_000 });
  expect(
    await page
      .locator('#hop-cluster-text')
      .evaluate((el) => (el as HTMLTextAreaElement).value.length),
  ).toBe(big.length);
  expect(errors).toEqual([]);
});
