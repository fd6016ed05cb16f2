import type { Subscriber } from "@/contract/entities";
import { PanelSection, ScrollTable } from "./panel-section";

/** The person's variables, read-only here: values are text, whatever they contain. */
export function VariablesSection({ variables }: { variables: Subscriber["vars"] }) {
  return (
    <PanelSection title="Variables">
      {variables.length === 0 ? (
        <p className="muted">No variables.</p>
      ) : (
        <ScrollTable label="Variables">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {variables.map((variable, index) => (
              <tr key={`${variable.n}-${String(index)}`}>
                <th scope="row" className="panel-variable-name">
                  {variable.n}
                </th>
                <td className="panel-variable-value">
                  {variable.v === "" ? <span className="muted">empty</span> : variable.v}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </PanelSection>
  );
}
