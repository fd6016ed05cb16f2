import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Avatar } from "@/components/avatar";
import type { DirectoryPersonBrief } from "@/contract/directory";
import type { ResolvedLine } from "@/lib/people-lines";
import { profileProblemText } from "@/lib/profile-link";
import type { ProfileProblem } from "@/lib/profile-id";
import { personName } from "@/lib/subscriber-format";
import { Candidate } from "./candidate";

interface ResolvedLineItemProps {
  line: ResolvedLine;
  subscriptionNames: ReadonlyMap<number, string>;
  timeZone: string;
  onChoose: (userId: number) => void;
  onDrop: (dropped: boolean) => void;
}

/** One pasted line: the person it names, the candidates to choose from, or why it names nobody. */
export function ResolvedLineItem({
  line,
  subscriptionNames,
  timeZone,
  onChoose,
  onDrop,
}: ResolvedLineItemProps) {
  const { t, i18n } = useLingui();
  const name = useId();
  const text = line.line;
  const count = line.matches;
  const lineId = String(line.userId);
  const state = line.dropped
    ? "dropped"
    : line.userId !== null
      ? "settled"
      : line.outcome === "ambiguous"
        ? "choose"
        : "unknown";

  return (
    <li className={`resolve-line resolve-line-${state}`}>
      <div className="resolve-line-head">
        <span className="resolve-line-text">{text}</span>
        <button
          type="button"
          className="button resolve-line-drop"
          onClick={() => {
            onDrop(!line.dropped);
          }}
        >
          {line.dropped ? t`Keep “${text}”` : t`Drop “${text}”`}
        </button>
      </div>
      {line.dropped ? (
        <p className="muted resolve-line-note">
          <Trans>Dropped: not sent.</Trans>
        </p>
      ) : line.outcome === "ambiguous" ? (
        <fieldset className="resolve-line-choices">
          <legend>
            {t`“${text}” fits ${plural(count, { one: "# person", other: "# people" })}: which one?`}
          </legend>
          {line.candidates.map((candidate) => (
            <label key={candidate.user_id} className="resolve-choice">
              <input
                type="radio"
                name={name}
                checked={line.userId === candidate.user_id}
                onChange={() => {
                  onChoose(candidate.user_id);
                }}
              />
              <Candidate
                person={candidate}
                subscriptionNames={subscriptionNames}
                timeZone={timeZone}
              />
            </label>
          ))}
          {line.matches > line.candidates.length && (
            <p className="muted resolve-line-note">
              <Trans>Not among these? Paste the person’s user id or profile link instead.</Trans>
            </p>
          )}
        </fieldset>
      ) : line.userId !== null ? (
        line.person ? (
          <Person person={line.person} />
        ) : (
          <p className="resolve-line-note">
            {t`User id ${lineId}: not in the directory, sent as it is.`}
          </p>
        )
      ) : (
        <p className="field-error resolve-line-note">{unknownText()}</p>
      )}
    </li>
  );

  function unknownText(): string {
    if (line.outcome === "problem" && line.problem) {
      // The gateway reads links with src/lib/profile-id.ts: its codes are that file's.
      return profileProblemText(line.problem as ProfileProblem, i18n);
    }
    return t`No one in the directory by this name. Correct the line, or drop it.`;
  }
}

function Person({ person }: { person: DirectoryPersonBrief }) {
  const { i18n } = useLingui();
  const name = personName(person, i18n);
  const id = String(person.user_id);
  return (
    <span className="resolve-person">
      <Avatar name={name} photo={person.photo} size={32} className="resolve-person-photo" lazy />
      <span className="resolve-person-name">{name}</span>
      <span className="muted resolve-person-id">
        <Trans>user id {id}</Trans>
      </span>
    </span>
  );
}
