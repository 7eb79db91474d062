import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/main/scripts/lib/chromium.mjs';
const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
for (let run = 0; run < 3; run++) {
const ctx = await b.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
await page.addInitScript(`(() => { const W = window.Worker; window.__w = []; window.Worker = class extends W { constructor(...a) { super(...a); window.__w.push(['new', performance.now()]); this.addEventListener('message', () => window.__w.push(['msg', performance.now()])); const pm = this.postMessage.bind(this); this.postMessage = (...m) => { window.__w.push(['post', performance.now()]); return pm(...m); }; } }; window.__ls = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__ls.push({t: e.startTime, v: e.value, r: e.hadRecentInput, src: (e.sources||[]).map(s => (s.node && (s.node.className || s.node.nodeName)) + ' ' + JSON.stringify(s.previousRect) + '→' + JSON.stringify(s.currentRect))}); }).observe({ type: 'layout-shift', buffered: true }); })()`);
await page.goto('http://127.0.0.1:4392/en/lessons/draining-nodes/');
await page.waitForLoadState('networkidle');
await page.waitForTimeout(1000);
await page.evaluate(`(() => { const flow = document.querySelector('.hop-flow'); window.__down = 0; window.__stepped = 0;
 document.addEventListener('pointerdown', (e) => { window.__down ||= e.timeStamp; }, true);
 new MutationObserver(() => { if (flow.getAttribute('data-step') === '1' && !window.__stepped) window.__stepped = performance.now(); }).observe(flow, { attributes: true, attributeFilter: ['data-step'] }); })()`);
const before = await page.evaluate('performance.now()');
await page.locator('.hop-flow [data-action="forward"]').first().click();
await page.waitForSelector('.hop-flow[data-step="1"]', { timeout: 30000 });
await page.waitForTimeout(2500);
const r = await page.evaluate(`({ down: window.__down, stepped: window.__stepped, ls: window.__ls, w: window.__w.map(([k, t]) => k + '@' + Math.round(t - window.__down)), res: performance.getEntriesByType('resource').filter(e => e.startTime > ${before} - 5).map(e => ({n: e.name.split('/').pop().slice(0, 20), s: Math.round(e.startTime - window.__down), d: Math.round(e.duration), x: e.transferSize})) })`);
console.log('firstUse', Math.round(r.stepped - r.down));
console.log('resources after click', JSON.stringify(r.res)); console.log('worker', r.w.join(' '));
//console.log('shifts', JSON.stringify(r.ls.filter(x => x.t > before).map(x => ({t: Math.round(x.t - r.down), v: +x.v.toFixed(3), r: x.r, src: x.src.slice(0,3)})), null, 0));
await ctx.close();
}
await b.close();
