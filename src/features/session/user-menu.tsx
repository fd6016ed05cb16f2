import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { describeApiError } from "@/api/error-text";
import { useLogout } from "@/api/session-hooks";
import type { Role } from "@/contract/roles";
import { SIGN_IN_PATH } from "@/lib/safe-next";
import "./session.css";

const roleLabels: Record<Role, MessageDescriptor> = {
  admin: msg`Administrator`,
  marketing: msg({ message: "Marketing", context: "role" }),
  support: msg({ message: "Support", context: "role" }),
};

export function UserMenu({ username, role }: { username: string; role: Role }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const logout = useLogout({ onSuccess: () => navigate(SIGN_IN_PATH, { replace: true }) });
  const roleLabel = i18n._(roleLabels[role]);
  const reason = logout.isError ? describeApiError(logout.error, i18n) : "";
  return (
    <div className="user-menu">
      <p className="user-menu-who">
        <span className="visually-hidden">
          <Trans>Signed in as</Trans>{" "}
        </span>
        <span className="user-menu-name">{username}</span>
        <span className="visually-hidden">
          , <Trans>role</Trans>{" "}
        </span>
        <span className="badge">{roleLabel}</span>
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          logout.mutate();
        }}
        disabled={logout.isPending}
      >
        {logout.isPending ? t`Signing out…` : t`Sign out`}
      </button>
      {logout.isError && (
        <p role="alert" className="user-menu-error">
          {t`Could not sign out: ${reason}`}
        </p>
      )}
    </div>
  );
}
