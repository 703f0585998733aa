// The stylesheet is bundled by esbuild into console/dist/console.css (console/build.mjs), not
// imported as a value.
declare module "*.css";
