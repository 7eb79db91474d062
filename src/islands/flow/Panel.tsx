/** Headings that fit the page a diagram sits in, and the diagram's collapsible panels. */
import type { ReactNode } from 'react';

/** A heading whose level fits the page it is embedded in. */
export function H({
  level,
  children,
  ...rest
}: {
  level: 2 | 3 | 4 | 5;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return <Tag {...rest}>{children}</Tag>;
}

/** One level below (capped at h5). */
export function sub(level: 2 | 3 | 4): 3 | 4 | 5 {
  return (level + 1) as 3 | 4 | 5;
}

/**
 * A panel whose heading is a disclosure button. The body is rendered only while open (a drain
 * run's log and rule tables were most of a lesson's DOM); `summary` stays visible when closed.
 */
export function DisclosurePanel({
  uid,
  name,
  level,
  label,
  open,
  onToggle,
  summary,
  children,
}: {
  uid: string;
  /** Part of the element ids and the class: `hop-<name>`. */
  name: string;
  level: 2 | 3 | 4;
  label: ReactNode;
  open: boolean;
  onToggle: () => void;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const head = `${uid}-${name}-h`;
  const body = `${uid}-${name}-body`;
  return (
    // A group, not a region: several diagrams on a page would repeat the landmark name.
    <div className={`hop-panel hop-${name}`} role="group" aria-labelledby={head}>
      <H level={level} id={head} className="hop-panel__h">
        <button
          type="button"
          className="hop-disclosure"
          aria-expanded={open}
          aria-controls={body}
          onClick={onToggle}
        >
          {label}
        </button>
      </H>
      {summary}
      <div id={body} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
