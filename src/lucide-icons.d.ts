// The `lucide` package types its icons in one declaration file, for its barrel; the app imports
// each icon's own module (src/components/icon.tsx), so that a test or a page loads only the
// icons it draws, never the 1,700 modules of the barrel.
declare module "lucide/dist/esm/icons/*.mjs" {
  const icon: import("lucide").IconNode;
  export default icon;
}
