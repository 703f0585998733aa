import { createAgentWorker } from "../../../src/index.js";
import { slowReportAgent } from "./slow-report-agent.js";

export { AgentDurableObject } from "../../../src/index.js";
export default createAgentWorker(slowReportAgent);
