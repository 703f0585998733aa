import { SELF as RAW_SELF } from "cloudflare:test";
import { createGatewayApp } from "../../src/app.js";
import { checkDeclaredAnswer, declaredRoutes } from "./declared-answers.js";

const routes = declaredRoutes(createGatewayApp());

/**
 * The gateway as tests reach it: every answer is checked against what its route declares
 * (status listed, body parsing with the declared schema), so an answer the OpenAPI document
 * does not describe fails the test that provoked it (docs/gateway.md, "The OpenAPI document").
 */
export const SELF = {
  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const response = await RAW_SELF.fetch(request.clone());
    await checkDeclaredAnswer(routes, request, response);
    return response;
  },
};
