import { Trans, useLingui } from "@lingui/react/macro";
import type { Subscriber } from "@/contract/entities";
import { PanelSection, ScrollTable } from "./panel-section";

/** The person's variables, read-only here: values are text, whatever they contain. */
export function VariablesSection({ variables }: { variables: Subscriber["vars"] }) {
  const { t } = useLingui();
  const title = t`Variables`;
  return (
    <PanelSection title={title}>
      {variables.length === 0 ? (
        <p className="muted">
          <Trans>No variables.</Trans>
        </p>
      ) : (
        <ScrollTable label={title}>
          <thead>
            <tr>
              <th scope="col">
                <Trans context="variable">Name</Trans>
              </th>
              <th scope="col">
                <Trans context="variable">Value</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {variables.map((variable, index) => (
              <tr key={`${variable.n}-${String(index)}`}>
                <th scope="row" className="panel-variable-name">
                  {variable.n}
                </th>
                <td className="panel-variable-value">
                  {variable.v === "" ? (
                    <span className="muted">
                      <Trans context="variable value">empty</Trans>
                    </span>
                  ) : (
                    variable.v
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </PanelSection>
  );
}
