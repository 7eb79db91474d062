/**
 * The deck's keyboard and clicker: arrows, Page Up/Down, Space and Enter step; Home and End jump
 * to the ends; digits then Enter go to a slide; F toggles full screen. On a question slide a
 * digit counts a hand for that option instead (Shift + digit takes one back). Listened for in the
 * capture phase, so the diagram's own keys do not step twice.
 */
import { useEffect, type RefObject } from 'react';
import type { DeckPosition } from '../../lib/deck';

/** What the keys do: the deck's moves and its typed slide number (a ref: read between renders). */
export interface DeckKeyActions {
  go: (next: DeckPosition) => void;
  next: () => void;
  prev: () => void;
  first: () => void;
  last: () => void;
  /** Counts a vote on the current question; false when the slide has no such option. */
  vote: (option: number, delta: 1 | -1) => boolean;
  toggleFullscreen: () => void;
  jumpRef: RefObject<string>;
  setJumpText: (typed: string) => void;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))
  );
}

/** Steer the deck from the keyboard while it is mounted. */
export function useDeckKeys({
  go,
  next,
  prev,
  first,
  last,
  vote,
  toggleFullscreen,
  jumpRef,
  setJumpText,
}: DeckKeyActions): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      const typed = jumpRef.current;
      // Digit keys by position (Shift + 1 is "!" on most layouts); 1 is the first option.
      const digit = /^(?:Digit|Numpad)([1-9])$/.exec(e.code)?.[1];
      if (digit !== undefined && typed === '' && vote(Number(digit) - 1, e.shiftKey ? -1 : 1)) {
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      // A focused button or link activates itself on Enter/Space; do not also advance. Enter
      // after a typed slide number is the jump, wherever the focus is.
      const t = e.target;
      const onControl = t instanceof HTMLElement && ['BUTTON', 'A'].includes(t.tagName);
      if (onControl && (e.key === ' ' || (e.key === 'Enter' && typed === ''))) return;
      let handled = true;
      if (/^[0-9]$/.test(e.key)) setJumpText((typed + e.key).slice(-3));
      else if (e.key === 'Enter' && typed !== '') {
        setJumpText('');
        go({ slide: Number(typed) - 1, step: 0 });
      } else if (e.key === 'Escape') setJumpText('');
      else if (['ArrowRight', 'ArrowDown', 'PageDown', ' ', 'Enter'].includes(e.key)) next();
      else if (['ArrowLeft', 'ArrowUp', 'PageUp', 'Backspace'].includes(e.key)) prev();
      else if (e.key === 'Home') first();
      else if (e.key === 'End') last();
      else if (e.key === 'f' || e.key === 'F') toggleFullscreen();
      else handled = false;
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [next, prev, first, last, go, vote, toggleFullscreen]);
}
