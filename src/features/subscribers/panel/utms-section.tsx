import type { Subscriber } from "@/contract/entities";
import { PanelSection, ScrollTable } from "./panel-section";

const FIELDS = [
  ["utm_source", "Source"],
  ["utm_medium", "Medium"],
  ["utm_campaign", "Campaign"],
  ["utm_content", "Content"],
  ["utm_term", "Term"],
] as const;

interface UtmsSectionProps {
  utms: Subscriber["utms"];
  /** Tag names by id (utms/get); a tag not found there shows its id. */
  names: ReadonlyMap<number, string>;
}

/** The campaign tags the person came through, each with its UTM fields. */
export function UtmsSection({ utms, names }: UtmsSectionProps) {
  return (
    <PanelSection title="UTM tags">
      {utms.length === 0 ? (
        <p className="muted">No UTM tags.</p>
      ) : (
        <ScrollTable label="UTM tags">
          <thead>
            <tr>
              <th scope="col">Tag</th>
              {FIELDS.map(([field, label]) => (
                <th key={field} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {utms.map((utm, index) => (
              <tr key={`${String(utm.utm_id)}-${String(index)}`}>
                <td>{tagName(names, utm.utm_id)}</td>
                {FIELDS.map(([field]) => (
                  <td key={field}>{fieldText(utm[field])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </PanelSection>
  );
}

function tagName(names: ReadonlyMap<number, string>, id: number): string {
  const name = names.get(id)?.trim() ?? "";
  return name === "" ? `#${String(id)}` : name;
}

function fieldText(value: string | undefined) {
  return value === undefined || value === "" ? <span className="muted">–</span> : value;
}
