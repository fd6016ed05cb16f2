// One file per icon (see theme-toggle.tsx).
import { Trans, useLingui } from "@lingui/react/macro";
import MenuIcon from "lucide/dist/esm/icons/menu.mjs";
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import {
  NavigationType,
  Outlet,
  useLocation,
  useNavigation,
  useNavigationType,
} from "react-router";
import { APP_NAME } from "@/components/use-document-title";
import { Later } from "@/components/later";
import { ConnectionBanner } from "./connection-banner";
import { LanguageSwitch } from "./language-switch";
import { LoadingFrame } from "./loading-frame";
import { ThemeToggle } from "./theme-toggle";
import { Icon } from "@/components/icon";

// Toasts follow a person's action, long after the shell has shown: their library stays out of
// the first load.
// If its chunk cannot be fetched, the app goes on without toasts rather than failing whole.
const AppToaster = lazy((): Promise<{ default: ComponentType }> =>
  import("./app-toaster")
    .then((module) => ({ default: module.AppToaster }))
    .catch(() => ({ default: () => null })),
);

interface LayoutProps {
  /** Shown at the end of the header: the channel switcher and the user menu once signed in. */
  header?: ReactNode;
  /** The page links (a `<ul>`); none before sign-in. */
  nav?: ReactNode;
  /** Instead of the matched page: the session check's progress or failure. */
  children?: ReactNode;
}

export function Layout({ header, nav, children }: LayoutProps) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const navListId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Narrow screens fold the links behind "Menu"; opening is tied to the path, so following a
  // link closes the menu without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  // A move waits for the next page's first screen (src/app/page-loader.ts, at most 3 s): the
  // page shown meanwhile says it is being replaced, so a click never looks unanswered, and the
  // folded menu closes at once over it.
  const moving = useNavigation().state === "loading";
  // Shut, and forgotten, as soon as a move starts or the page changes: coming Back to the page
  // it was opened on leaves it shut.
  if (openAt !== null && (openAt !== pathname || moving)) setOpenAt(null);
  const menuOpen = openAt === pathname && !moving;
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);

  // After moving to another page, focus goes to the page itself, as a full page load would
  // put a screen reader's and a keyboard's start there, instead of staying on a link that may
  // have vanished. A new query string (the next page of a list) is no move.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    // Not out of a modal dialog: the page behind it is inert, and the person may be typing
    // there (the sign-in dialog opens while a move is still loading the next page's code, and
    // the rest of a password went to the page when the move finished). The dialog gives the
    // focus back when it closes.
    if (document.activeElement?.closest("dialog")?.open) return;
    // Without the browser's scroll: <main> is taller than the screen, so focusing it scrolled
    // it to the window's top and the header (channel, search, account) out of sight. A new
    // page starts at its top, as a full load does. Back and Forward are left to the browser,
    // which returns to where that page was left (a support person back from a person's card
    // to the fifteenth row of a list; tests/e2e/support-ru.spec.ts) when the page is drawn
    // from the cache; a page whose data is fetched again opens where the browser's one restore
    // left it, clamped to the page it was leaving (README, First load, session 22).
    mainRef.current?.focus({ preventScroll: true });
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    // The path alone decides a move (a new query string is none); how it was reached is read as
    // it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="shell-header">
        <span className="brand">{APP_NAME}</span>
        {header}
        <LanguageSwitch />
        <ThemeToggle />
      </header>
      <nav
        className="shell-nav"
        aria-label={t`Pages`}
        data-open={menuOpen}
        onKeyDown={(event) => {
          if (event.key === "Escape" && menuOpen) {
            setOpenAt(null);
            menuButton.current?.focus();
          }
        }}
      >
        <button
          ref={menuButton}
          type="button"
          className="button nav-toggle"
          aria-expanded={menuOpen}
          aria-controls={navListId}
          onClick={() => {
            setOpenAt(menuOpen ? null : pathname);
          }}
        >
          <Icon icon={MenuIcon} size={18} />
          <Trans>Menu</Trans>
        </button>
        <div id={navListId} className="nav-list">
          {nav ?? <ul />}
        </div>
      </nav>
      <main
        id="main"
        ref={mainRef}
        className="shell-main"
        tabIndex={-1}
        aria-busy={moving || undefined}
      >
        {moving && <div className="route-pending" aria-hidden="true" />}
        <ConnectionBanner />
        {children ?? (
          <Later fallback={<LoadingFrame>{null}</LoadingFrame>}>
            <Outlet />
          </Later>
        )}
      </main>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </div>
  );
}
