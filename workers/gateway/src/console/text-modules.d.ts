// The console's stylesheet is a string, by wrangler.jsonc's Text rule (console-bundle.ts). Named
// in full: the longest pattern wins over vite's bare `*.css`, which the test types bring in.
declare module "../../../../console/dist/console.css*" {
  const text: string;
  export default text;
}
