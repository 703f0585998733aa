import { createAgentWorker } from "../../../src/index.js";
import { textStatsAgent } from "./text-stats-agent.js";

export { AgentDurableObject } from "../../../src/index.js";
export default createAgentWorker(textStatsAgent);
