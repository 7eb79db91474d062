/**
 * The lesson's first-paint script, inline at the top of its body (hashed into the page's CSP by
 * scripts/csp.mjs). Before anything of the lesson is parsed it decides, from this browser's
 * progress and the URL's fragment, which questions are open, and writes that onto <html>:
 *
 * - `data-hop-gate`: "on" (questions hold back what follows) or "all" ("Read without questions");
 * - `data-hop-settled`: questions settled on an earlier visit (they show settled);
 * - `data-hop-skipped`: questions skipped by a link to a later section (still answerable);
 * - `data-hop-open`: both, the questions that no longer hold anything back.
 *
 * The page's CSS (lessonSteps.ts) keys on these, so the first frame is the final one: no flash,
 * no shift. src/scripts/gate.ts keeps them up to date afterwards; gateState.ts is the same
 * decision in TypeScript, and a unit test runs this script against it.
 */
import type { BootData } from './lessonSteps';

/** localStorage key of the learner's progress (src/scripts/progress.ts). */
export const PROGRESS_KEY = 'hop.progress.v1';

// Plain ES5 on purpose: it runs before any module, in every browser that loads the page.
const BOOT = `var h=document.documentElement,p=null,i,q,w=0,t="",st=[],sk=[],
o=function(x,k){return!!x&&typeof x==="object"&&Object.prototype.hasOwnProperty.call(x,k)};
try{p=JSON.parse(localStorage.getItem("${PROGRESS_KEY}")||"null")}catch(e){}
if(!p||typeof p!=="object")p={};
var a=p.answered||{},s=p.skipped||{},r=p.readAll||{};
try{t=decodeURIComponent(location.hash.slice(1))}catch(e){}
if(t&&o(d.a,t))w=d.a[t];
var g={};for(i=0;i<d.g.length;i++)g[d.g[i]]=i;
for(i=0;i<d.q.length;i++){q=d.q[i];
if(o(a,q)&&a[q])st.push(q);else if((o(s,q)&&s[q]===true)||(o(g,q)&&g[q]<w))sk.push(q)}
h.setAttribute("data-hop-gate",o(r,d.l)&&r[d.l]===true?"all":"on");
h.setAttribute("data-hop-settled",st.join(" "));
h.setAttribute("data-hop-skipped",sk.join(" "));
h.setAttribute("data-hop-open",st.concat(sk).join(" "));`;

/** The inline script for a lesson (its data inlined; `<` escaped so it cannot end the tag). */
export function bootScript(data: BootData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `(function(d){${BOOT}})(${json});`;
}

/**
 * The inline script after each question: shows it settled or skipped at first paint, from the
 * attributes the boot script wrote. One text for every question, so one CSP hash.
 */
export const QUESTION_SCRIPT = `(function(e,h){if(!e||!h.hasAttribute("data-hop-gate"))return;var i=" "+e.getAttribute("data-predict")+" ",f=function(n){return(" "+(h.getAttribute(n)||"")+" ").indexOf(i)>=0};if(f("data-hop-settled")){e.classList.add("is-settled");var d=e.querySelector("[data-predict-answer]");if(d)d.open=true}else if(f("data-hop-skipped"))e.classList.add("is-skipped")})(document.currentScript&&document.currentScript.previousElementSibling,document.documentElement)`;
