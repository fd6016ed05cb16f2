import { useNavigate } from "react-router";
import { useLogout } from "@/api/session-hooks";
import { roleLabels, type Role } from "@/contract/roles";
import { SIGN_IN_PATH } from "@/lib/safe-next";
import "./session.css";

export function UserMenu({ username, role }: { username: string; role: Role }) {
  const navigate = useNavigate();
  const logout = useLogout({ onSuccess: () => navigate(SIGN_IN_PATH, { replace: true }) });
  return (
    <div className="user-menu">
      <p className="user-menu-who">
        <span className="visually-hidden">Signed in as </span>
        <span className="user-menu-name">{username}</span>
        <span className="visually-hidden">, role </span>
        <span className="badge">{roleLabels[role]}</span>
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          logout.mutate();
        }}
        disabled={logout.isPending}
      >
        {logout.isPending ? "Signing out…" : "Sign out"}
      </button>
      {logout.isError && (
        <p role="alert" className="user-menu-error">
          Could not sign out: {logout.error.message}
        </p>
      )}
    </div>
  );
}
