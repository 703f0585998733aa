import { defineCommand } from "citty";

export default defineCommand({
  subCommands: {
    send: () => import("./a2a-send.js").then((m) => m.default),
  },
});
