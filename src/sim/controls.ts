/**
 * The what-if controls, derived from the one declaration: each is declared on its field
 * (params.ts `control`) and shown in the toolbar's order (params.ts CONTROL_ORDER). Apart from
 * keys.ts so that pages which only read overrides (lessons) do not carry the list.
 */
import { overrideKeys } from './keys.ts';
import { CONTROL_ORDER } from './params.ts';

const rank = (c: string): number => {
  const i = (CONTROL_ORDER as readonly string[]).indexOf(c);
  return i === -1 ? CONTROL_ORDER.length : i;
};

/** Every what-if control, in the toolbar's order; a control missing from that order goes last. */
export const controlIds: readonly string[] = [
  ...new Set(overrideKeys.flatMap((k) => (k.control ? [k.control] : []))),
].sort((a, b) => rank(a) - rank(b));
