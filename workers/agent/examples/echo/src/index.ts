import { createAgentWorker } from "../../../src/index.js";
import { echoAgent } from "./echo-agent.js";

export { AgentDurableObject } from "../../../src/index.js";
export default createAgentWorker(echoAgent);
