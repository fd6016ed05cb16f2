/**
 * Signing out goes to the sign-in page first, with this in the history entry's state, and the
 * session ends there. So a page that guards unsaved changes asks "Leave without saving?" first
 * (staying keeps the session and the edit), and no call of the page being left can meet the
 * ended session and open the "session ended" dialog over it.
 */
export const SIGN_OUT_STATE = { signOut: true } as const;

export function asksToSignOut(state: unknown): boolean {
  return (
    typeof state === "object" && state !== null && "signOut" in state && state.signOut === true
  );
}
