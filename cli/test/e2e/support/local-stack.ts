// The tests boot the stack through the same module as `npm start` and `npm run demo`.
export {
  freePort,
  type LocalStack,
  ROOT as REPO_ROOT,
  type StartStackOptions,
  startLocalStack,
} from "../../../../scripts/lib/stack.mjs";
