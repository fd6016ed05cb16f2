import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Subscriber } from "@/contract/entities";
import { PanelSection, ScrollTable } from "./panel-section";

type UtmField = "utm_source" | "utm_medium" | "utm_campaign" | "utm_content" | "utm_term";

/** The five UTM fields by the names marketers give them (utm_source is "Источник"). */
const FIELDS: readonly (readonly [UtmField, MessageDescriptor])[] = [
  ["utm_source", msg({ message: "Source", context: "utm field" })],
  ["utm_medium", msg({ message: "Medium", context: "utm field" })],
  ["utm_campaign", msg({ message: "Campaign", context: "utm field" })],
  ["utm_content", msg({ message: "Content", context: "utm field" })],
  ["utm_term", msg({ message: "Term", context: "utm field" })],
];

interface UtmsSectionProps {
  utms: Subscriber["utms"];
  /** Tag names by id (utms/get); a tag not found there shows its id. */
  names: ReadonlyMap<number, string>;
}

/** The campaign tags the person came through, each with its UTM fields. */
export function UtmsSection({ utms, names }: UtmsSectionProps) {
  const { t, i18n } = useLingui();
  const title = t`UTM tags`;
  return (
    <PanelSection title={title}>
      {utms.length === 0 ? (
        <p className="muted">
          <Trans>No UTM tags.</Trans>
        </p>
      ) : (
        <ScrollTable label={title}>
          <thead>
            <tr>
              <th scope="col">
                <Trans context="utm tag">Tag</Trans>
              </th>
              {FIELDS.map(([field, label]) => (
                <th key={field} scope="col">
                  {i18n._(label)}
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
