import { createGatewayApp } from "./app.js";

export { PaymentClaimsObject } from "./claims/payment-claims-object.js";
export { ProcessIndexObject } from "./list/process-index-object.js";
export { OperatorAccountObject } from "./outcome/operator-account-object.js";
export { OutcomeReporterObject } from "./outcome/outcome-reporter-object.js";
export { RunObject } from "./runs/run-object.js";

const app = createGatewayApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<GatewayEnv>;
