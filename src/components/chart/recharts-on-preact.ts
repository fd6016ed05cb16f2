import { setAutoFreeze } from "immer";

/**
 * Recharts 3 keeps parts of a chart (its labels and tooltips among them, which can be
 * elements) in a Redux store whose reducers freeze what they store (Immer). React leaves the
 * elements it renders as they are; Preact, which the app runs on (vite.config.ts), writes its
 * bookkeeping into them, and a frozen one throws "Cannot assign to read only property". The
 * charts' state is only ever changed through Recharts' own reducers, so nothing is lost by
 * not freezing it. Imported by the chart modules before Recharts, in their lazy chunk.
 */
setAutoFreeze(false);
