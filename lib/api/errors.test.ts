// The one error mapping: every way a database outage surfaces becomes 503 with Retry-After.
// The shapes below are what Prisma 7 with @prisma/adapter-pg and node-postgres really throw
// (seen against a refused port, a silent port, a closing port and a stopping server).
import { describe, expect, it } from "vitest";
import { ApiError, errorBody, isDatabaseOutage, toApiError } from "./errors";
import { ERROR_CATALOGUE, ERROR_CODE_LIST } from "./error-codes";

const adapterError = (cause: Record<string, unknown>) =>
  Object.assign(new Error("Raw query failed"), { code: "P2010", meta: { driverAdapterError: { name: "DriverAdapterError", cause } } });

describe("toApiError", () => {
  it.each([
    ["Prisma: can't reach the server", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    ["Prisma: connection closed", Object.assign(new Error("Server has closed the connection."), { code: "P1017" })],
    ["Prisma: pool timeout", Object.assign(new Error("Timed out fetching a new connection"), { code: "P2024" })],
    ["raw query, server unreachable", adapterError({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 })],
    ["raw query, connection reset", adapterError({ kind: "ConnectionClosed" })],
    [
      "server shutting down (57P01)",
      adapterError({ kind: "postgres", originalCode: "57P01", originalMessage: "terminating connection due to administrator command" }),
    ],
    ["server starting up (57P03)", Object.assign(new Error("the database system is starting up"), { code: "57P03", severity: "FATAL" })],
    ["too many connections", adapterError({ kind: "TooManyConnections" })],
    ["connection exception class 08", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["pg: connection dropped", new Error("Connection terminated unexpectedly")],
    ["pg: connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pg-pool: connect timeout", new Error("timeout exceeded when trying to connect")],
    ["socket refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    [
      "no pooled connection within the transaction's maxWait",
      Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" }),
    ],
    ["wrapped in a cause", new Error("query failed", { cause: new Error("Connection terminated unexpectedly") })],
  ])("answers 503 with Retry-After for %s", (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(true);
    const mapped = toApiError(error);
    expect(mapped).toBeInstanceOf(ApiError);
    expect(mapped).toMatchObject({
      status: 503,
      code: "unavailable",
      message: "Service temporarily unavailable. Please retry.",
      headers: { "Retry-After": "5" },
    });
  });

  it.each([
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["a missing database (configuration, not an outage)", adapterError({ kind: "DatabaseDoesNotExist", originalCode: "3D000" })],
    ["a unique violation", Object.assign(new Error("Unique constraint failed"), { code: "P2002" })],
    ["another transaction API error", Object.assign(new Error("Transaction API error: Transaction not found."), { code: "P2028" })],
    ["a syntax error", adapterError({ kind: "postgres", originalCode: "42601" })],
  ])("leaves %s unmapped (500)", (_name, error) => {
    expect(toApiError(error)).toBeUndefined();
  });

  it("maps a missing record to 404 and passes ApiErrors through", () => {
    expect(toApiError(Object.assign(new Error("not found"), { code: "P2025" }))?.status).toBe(404);
    const conflict = ApiError.conflict("taken");
    expect(toApiError(conflict)).toBe(conflict);
  });
});

describe("ApiError code", () => {
  it("names the kind of error beside the message: one per status, validation_failed for field errors", () => {
    expect(ApiError.validation([{ field: "amount", message: "Required" }]).code).toBe("validation_failed");
    expect(ApiError.badRequest("Invalid cursor").code).toBe("bad_request");
    expect(ApiError.notFound().code).toBe("not_found");
    expect(ApiError.unprocessable("Could not resolve this bank account")).toMatchObject({ status: 422, code: "unprocessable" });
    expect(ApiError.internal("Could not confirm the charge; please retry")).toMatchObject({ status: 500, code: "internal_error" });
    expect(ApiError.processor("Payment processor error: timed out")).toMatchObject({ status: 502, code: "processor_error" });
  });
});

describe("ApiError cause", () => {
  it("takes a cause's own code and the field at fault; a single field error names the param on its own", () => {
    expect(ApiError.badRequest("Invalid cursor", { code: "invalid_cursor", param: "cursor" })).toMatchObject({
      status: 400,
      code: "invalid_cursor",
      param: "cursor",
    });
    expect(ApiError.validation([{ field: "amount", message: "too much" }], { code: "amount_exceeds_refundable" })).toMatchObject({
      code: "amount_exceeds_refundable",
      param: "amount",
    });
    expect(ApiError.validation([{ field: "body", message: "Body must be valid JSON" }]).param).toBeUndefined();
    expect(
      ApiError.validation([
        { field: "a", message: "x" },
        { field: "b", message: "y" },
      ]).param,
    ).toBeUndefined();
    expect(ApiError.missing("Invoice not found", "invoiceId")).toMatchObject({ status: 404, code: "resource_missing", param: "invoiceId" });
  });

  it("writes the body in jsonb's key order, so a stored replay comes back byte for byte", () => {
    const error = new ApiError({ status: 409, message: "m", code: "activation_incomplete", extra: { missing: ["a"] } });
    const body = errorBody(error, "req_12345678", "https://pay.example");
    expect(Object.keys(body)).toEqual(["code", "docUrl", "message", "missing", "requestId"]);
    expect(body.docUrl).toBe("https://pay.example/docs/errors#activation_incomplete");
  });

  it("every code in the catalogue has a status, a meaning and an action", () => {
    for (const code of ERROR_CODE_LIST) {
      const { statuses, meaning, action } = ERROR_CATALOGUE[code];
      expect(statuses.length, code).toBeGreaterThan(0);
      expect(meaning.length * action.length, code).toBeGreaterThan(0);
    }
  });
});
