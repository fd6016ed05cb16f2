import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { applyStoredTheme } from "./app/theme-store";
import "./app/styles.css";

// The remembered theme goes on <html> before React renders anything, so a dark choice never
// shows a light page first (the CSP allows no inline script in index.html to do it earlier).
applyStoredTheme();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
