/** A run's progress and results, one chunk fetched after the page (manage-page.tsx). */
export { ChangeProgress } from "./change-progress";
export { ChangeResults } from "./change-results";
