import type { ReactNode } from "react";

interface PanelSectionProps {
  title: string;
  children: ReactNode;
}

/**
 * A titled part of the panel. Not a named region itself: its table is one (below), and two
 * regions of the same name would be read twice.
 */
export function PanelSection({ title, children }: PanelSectionProps) {
  return (
    <section className="card panel-section">
      <h2 className="panel-section-title">{title}</h2>
      {children}
    </section>
  );
}

/**
 * A table that may be wider than a phone: it scrolls on its own, and takes keyboard focus so
 * it can be scrolled without a mouse (WCAG 2.1.1).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="panel-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="panel-table">{children}</table>
    </div>
  );
}
