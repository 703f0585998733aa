import { defineCommand } from "citty";

export default defineCommand({
  subCommands: {
    new: () => import("./account-new").then((m) => m.default),
  },
});
