import type { ReactNode } from "react";

/** One titled card of the person view; its heading names the region. */
export function PersonSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card person-section" aria-labelledby={id}>
      <h2 id={id} className="person-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table that scrolls sideways on a narrow screen, reachable by keyboard. */
export function PersonTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="person-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="person-table">{children}</table>
    </div>
  );
}
