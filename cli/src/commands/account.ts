import { defineCommand } from "citty";

export default defineCommand({
  meta: { name: "account", description: "Manage local keys" },
  subCommands: {
    new: () => import("./account-new.js").then((m) => m.default),
  },
});
