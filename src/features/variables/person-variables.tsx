import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useApi } from "@/api/api-context";
import { isApiError } from "@/api/api-error";
import { describeApiError } from "@/api/error-text";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorState } from "@/components/error-state";
import { UnsavedChangesGuard } from "@/components/unsaved-changes-guard";
import type { Variable } from "@/contract/entities";
import { mayCall, type Role } from "@/contract/roles";
import { channelPath } from "@/lib/channel-path";
import { draftKey } from "@/lib/drafts";
import { quoted } from "@/lib/quote";
import { variableValueProblem } from "@/lib/variables";
import { AddVariableForm } from "./add-variable-form";
import { ExportVariablesButton } from "./export-variables-button";
import { PersonSummary } from "./person-summary";
import { VariableRow, type RowEdit } from "./variable-row";
import {
  usePendingNames,
  useVariableChange,
  variablesQuery,
  type Person,
} from "./variables-queries";

/** The service's error 5: no such person among the channel's subscribers. */
const USER_NOT_FOUND = 5;

interface PersonVariablesProps {
  person: Person;
  record: number;
  role: Role;
  channelName: string;
  /** false: the page shows who the person is itself (the person view). */
  summary?: boolean;
}

/** One person's variables: the table with in-place editing, deleting, adding and export. */
export function PersonVariables({
  person,
  record,
  role,
  channelName,
  summary = true,
}: PersonVariablesProps) {
  const { t, i18n } = useLingui();
  const { call } = useApi();
  const query = useQuery(variablesQuery(person, call));
  const change = useVariableChange(person);
  const pending = usePendingNames(person);
  const canEdit = mayCall(role, "vars/set");
  const canDelete = mayCall(role, "vars/del");
  const [edits, setEdits] = useState<Readonly<Record<string, RowEdit>>>({});
  const [notices, setNotices] = useState<Readonly<Record<string, string>>>({});
  const [deleting, setDeleting] = useState<Variable>();
  const [addDirty, setAddDirty] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);

  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const names = useMemo(() => new Set(items.map((item) => item.name)), [items]);
  const unsaved = Object.entries(edits).filter(
    ([name, edit]) => edit.draft !== items.find((item) => item.name === name)?.value,
  );
  const dirty = unsaved.length > 0 || addDirty;

  const setEdit = (name: string, edit: RowEdit | undefined) => {
    setEdits((current) => withEntry(current, name, edit));
  };
  const setNotice = (name: string, notice: string | undefined) => {
    setNotices((current) => withEntry(current, name, notice));
  };

  const save = (variable: Variable) => {
    const edit = edits[variable.name];
    if (!edit || pending.has(variable.name)) return;
    if (edit.draft === variable.value) {
      setEdit(variable.name, undefined);
      return;
    }
    const problem = variableValueProblem(edit.draft, i18n);
    if (problem) {
      setEdit(variable.name, { draft: edit.draft, error: problem });
      return;
    }
    setEdit(variable.name, undefined);
    setNotice(variable.name, undefined);
    const name = variable.name;
    change.mutateAsync({ kind: "set", name, value: edit.draft }).then(
      () => {
        setAnnouncement(t`Saved “${name}”.`);
      },
      (error: unknown) => {
        // The old value is back in the table; the editor reopens with what was typed.
        setEdit(name, { draft: edit.draft, error: describeApiError(error, i18n) });
      },
    );
  };

  const remove = (variable: Variable) => {
    if (pending.has(variable.name)) return;
    setNotice(variable.name, undefined);
    setEdit(variable.name, undefined);
    const name = variable.name;
    change.mutateAsync({ kind: "del", name }).then(
      () => {
        setAnnouncement(t`Deleted “${name}”.`);
        headingRef.current?.focus();
      },
      (error: unknown) => {
        const reason = describeApiError(error, i18n);
        setNotice(name, t`Not deleted: ${reason}`);
      },
    );
  };

  // A second Enter before the first save is back waits for that same save when it asks for the
  // same thing (never two calls); different values wait for the first save, then go on their own.
  const adding = useRef<{ name: string; value: string; promise: Promise<void> } | null>(null);
  const { mutateAsync } = change;
  const add = useCallback(
    async (values: { name: string; value: string }): Promise<void> => {
      while (adding.current) {
        const current = adding.current;
        if (current.name === values.name && current.value === values.value) {
          return current.promise;
        }
        await current.promise.catch(() => undefined);
      }
      const name = values.name;
      const promise = mutateAsync({ kind: "set", name, value: values.value })
        .then(() => {
          setAnnouncement(i18n._(msg`Added “${name}”.`));
        })
        .finally(() => {
          if (adding.current?.promise === promise) adding.current = null;
        });
      adding.current = { ...values, promise };
      return promise;
    },
    [mutateAsync, i18n],
  );

  if (query.isPending) {
    return (
      <>
        {summary && <PersonSummary person={person} record={record} role={role} />}
        <p role="status" className="muted">
          <Trans>Loading the variables…</Trans>
        </p>
      </>
    );
  }
  if (query.isError && query.data === undefined) {
    if (isApiError(query.error) && query.error.code === USER_NOT_FOUND) {
      const userId = String(person.userId);
      const reason = describeApiError(query.error, i18n);
      return (
        <div className="notice notice-error" role="alert">
          <p className="variables-notice-title">
            <Trans>Not a subscriber of {channelName}</Trans>
          </p>
          <p>
            <Trans>
              No subscriber of this channel has the user id {userId}. Check the id, or whether the
              person is on another channel.
            </Trans>
          </p>
          <p>
            <Trans>The service said: {reason}</Trans>
          </p>
        </div>
      );
    }
    return (
      <>
        {summary && <PersonSummary person={person} record={record} role={role} />}
        <ErrorState
          title={t`Could not load the variables.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }

  const bots = mayCall(role, "bots/addSubscriber");
  const count = items.length;
  const refreshFailure = query.isError ? describeApiError(query.error, i18n) : "";
  const deletingName = deleting?.name ?? "";
  const deletingValue = quoted(clipped(deleting?.value ?? ""), i18n);
  const forPerson = `?user=${String(person.userId)}${record > 0 ? `&record=${String(record)}` : ""}`;
  return (
    <>
      {summary && (
        <PersonSummary
          person={person}
          record={record}
          role={role}
          actions={
            <ul className="variables-person-actions">
              {bots && (
                <li>
                  <Link
                    className="button"
                    to={`${channelPath(person.groupId, "bots")}${forPerson}`}
                  >
                    <Trans context="link to the bots page">Start or stop a bot</Trans>
                  </Link>
                </li>
              )}
              <li>
                <ExportVariablesButton person={person} items={items} />
              </li>
            </ul>
          }
        />
      )}

      <section className="card variables-list" aria-labelledby="variables-list-title">
        <h2
          id="variables-list-title"
          ref={headingRef}
          tabIndex={-1}
          className="variables-section-title"
        >
          <Plural value={count} one="# variable" other="# variables" />
        </h2>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {query.isError && (
          <div className="notice notice-error" role="status">
            <p>
              <Trans>
                Could not refresh the variables; the table shows what was last loaded. (
                {refreshFailure})
              </Trans>
            </p>
            <button
              type="button"
              className="button"
              disabled={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {query.isFetching ? t`Retrying…` : t`Retry`}
            </button>
          </div>
        )}
        {items.length === 0 ? (
          <p className="muted">
            {canEdit
              ? t`This person has no variables yet: add one below.`
              : t`This person has no variables yet.`}
          </p>
        ) : (
          <div
            className="variables-table-scroll"
            role="region"
            aria-label={t`Variables`}
            tabIndex={0}
          >
            <table className="variables-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Value</Trans>
                  </th>
                  {(canEdit || canDelete) && (
                    <th scope="col">
                      <span className="visually-hidden">
                        <Trans>Actions</Trans>
                      </span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {items.map((variable) => (
                  <VariableRow
                    key={variable.name}
                    variable={variable}
                    edit={edits[variable.name]}
                    pending={pending.has(variable.name)}
                    notice={notices[variable.name]}
                    canEdit={canEdit && canDelete}
                    onEdit={() => {
                      setNotice(variable.name, undefined);
                      setEdit(variable.name, { draft: variable.value });
                    }}
                    onDraft={(draft) => {
                      setEdit(variable.name, { draft, error: undefined });
                    }}
                    onSave={() => {
                      save(variable);
                    }}
                    onCancel={() => {
                      setEdit(variable.name, undefined);
                    }}
                    onDelete={() => {
                      setDeleting(variable);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {canEdit && (
        <AddVariableForm
          existing={names}
          onAdd={add}
          onDirtyChange={setAddDirty}
          draftKey={draftKey(person.groupId, "variables-add", person.field, person.userId)}
        />
      )}

      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined);
        }}
        tone="danger"
        title={deleting ? t`Delete the variable “${deletingName}”?` : ""}
        description={
          deleting === undefined ? (
            ""
          ) : deleting.value === "" ? (
            <p>
              <Trans>
                Its value (empty) is removed from this person. Bots and messages that use it will no
                longer find it.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>
                Its value <span className="variables-quote">{deletingValue}</span> is removed from
                this person. Bots and messages that use it will no longer find it.
              </Trans>
            </p>
          )
        }
        confirmLabel={t`Delete`}
        onConfirm={() => {
          if (deleting) remove(deleting);
        }}
      />
      <UnsavedChangesGuard
        when={dirty}
        description={unsavedText(
          unsaved.map(([name]) => name),
          addDirty,
          i18n,
        )}
      />
    </>
  );
}

/** The record with `key` set to `value`, or without `key` when `value` is undefined. */
function withEntry<Value>(
  record: Readonly<Record<string, Value>>,
  key: string,
  value: Value | undefined,
): Readonly<Record<string, Value>> {
  const rest = Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
  return value === undefined ? rest : { ...rest, [key]: value };
}

function clipped(value: string): string {
  return value.length > 120 ? `${value.slice(0, 119)}…` : value;
}

/** What the leave-the-page guard says is not saved: one sentence per case (Russian agrees). */
function unsavedText(names: readonly string[], adding: boolean, i18n: I18n): string {
  const quoted = names.map((name) => i18n._(msg`“${name}”`));
  const list = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(quoted);
  if (names.length === 0) {
    return i18n._(msg`The new variable you started is not saved. Leave the page and lose it?`);
  }
  if (adding) {
    return names.length === 1
      ? i18n._(
          msg`Your edit of ${list} and the new variable you started are not saved. Leave the page and lose them?`,
        )
      : i18n._(
          msg`Your edits of ${list} and the new variable you started are not saved. Leave the page and lose them?`,
        );
  }
  return names.length === 1
    ? i18n._(msg`Your edit of ${list} is not saved. Leave the page and lose it?`)
    : i18n._(msg`Your edits of ${list} are not saved. Leave the page and lose them?`);
}
