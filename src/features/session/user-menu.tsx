import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import type { Role } from "@/contract/roles";
import { SIGN_IN_PATH } from "@/lib/safe-next";
import { SIGN_OUT_STATE } from "@/lib/sign-out-state";
import "./session.css";

const roleLabels: Record<Role, MessageDescriptor> = {
  admin: msg`Administrator`,
  marketing: msg({ message: "Marketing", context: "role" }),
  support: msg({ message: "Support", context: "role" }),
};

export function UserMenu({ username, role }: { username: string; role: Role }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const roleLabel = i18n._(roleLabels[role]);
  return (
    <div className="user-menu">
      {/* One sentence for a screen reader; the eye sees the name and a role badge. */}
      <p className="user-menu-who">
        <Trans>
          <span className="visually-hidden">Signed in as </span>
          <span className="user-menu-name">{username}</span>
          <span className="visually-hidden">, role </span>
          <span className="badge">{roleLabel}</span>
        </Trans>
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          // Leave first: an unsaved-changes guard may keep the person here, session and all.
          void navigate(SIGN_IN_PATH, { replace: true, state: SIGN_OUT_STATE });
        }}
      >
        {t`Sign out`}
      </button>
    </div>
  );
}
