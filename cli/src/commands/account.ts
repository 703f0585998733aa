import { defineCommand } from "citty";
import { commandMeta } from "../command-table";

export default defineCommand({
  meta: commandMeta("account"),
  subCommands: {
    new: () => import("./account-new").then((m) => m.default),
  },
});
