import { createAgentWorker } from "../../../src/index.js";
import { jsonTransformAgent } from "./json-transform-agent.js";

export { AgentDurableObject } from "../../../src/index.js";
export default createAgentWorker(jsonTransformAgent);
