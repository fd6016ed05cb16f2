/** Stands where the table will be while its first rows load; `label` is said, as "Loading…". */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <div className="subscribers-skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">
        {label}
      </p>
      {[1, 2, 3, 4, 5, 6].map((line) => (
        <span key={line} className="skeleton skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}
