/**
 * Height reserved for the tallest of several contents: the visible one and invisible copies of
 * the others share one grid cell, so the box is as tall as the tallest and never changes while
 * a diagram plays. Embeds use it (a host page must not jump); elsewhere it renders the visible
 * content alone.
 */
import type { ReactNode } from 'react';

/** `children` in a box as tall as the tallest of `variants` (none: just the children). */
export function Stack({
  variants,
  className,
  children,
}: {
  variants: readonly ReactNode[];
  className?: string;
  children: ReactNode;
}) {
  if (variants.length === 0) return <>{children}</>;
  return (
    <div className={`hop-stack${className ? ` ${className}` : ''}`}>
      <div className="hop-stack__shown">{children}</div>
      {variants.map((v, i) => (
        <div key={i} className="hop-stack__sizer" aria-hidden="true" data-pagefind-ignore>
          {v}
        </div>
      ))}
    </div>
  );
}
