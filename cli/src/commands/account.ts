import { defineCommand } from "citty";

export default defineCommand({
  subCommands: {
    new: () => import("./account-new.js").then((m) => m.default),
  },
});
