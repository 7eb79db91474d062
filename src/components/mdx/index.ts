/**
 * The teaching components lessons may use; a lesson imports them from here in one line:
 * `import { Diagram, Predict, CloudBox, Recap, Sources, Term, Callout } from '~/components/mdx';`
 * (also EngineNumber, Compare, OverrideKeys)
 */
export { default as Diagram } from './Diagram.astro';
export { default as Predict } from './Predict.astro';
export { default as CloudBox } from './CloudBox.astro';
export { default as Recap } from './Recap.astro';
export { default as Sources } from './Sources.astro';
export { default as Term } from './Term.astro';
export { default as Callout } from './Callout.astro';
export { default as OverrideKeys } from './OverrideKeys.astro';
export { default as EngineNumber } from './EngineNumber.astro';
export { default as Compare } from './Compare.astro';
