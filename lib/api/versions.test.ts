import { describe, expect, it } from "vitest";
import { downgrade, inVersion, LATEST_VERSION, pageShape, VERSION_NAMES } from "./versions";

const invoice = {
  id: "i1",
  status: "PARTIALLY_PAID",
  amount: 500,
  amountPaid: 200,
  amountDue: 300,
  allowPartialPayments: true,
  minimumPaymentAmount: null,
  allocations: [],
};

describe("API version transforms", () => {
  it("lists the versions oldest first, the latest last", () => {
    expect([...VERSION_NAMES].sort()).toEqual(VERSION_NAMES);
    expect(VERSION_NAMES.at(-1)).toBe(LATEST_VERSION);
  });

  it("leaves the latest shape untouched", () => {
    const page = { data: [invoice], nextCursor: null, hasMore: false };
    expect(inVersion(page, pageShape("invoice"), LATEST_VERSION)).toBe(page);
  });

  it("gives 2026-11-22 an invoice without instalments, PARTIALLY_PAID read as SENT", () => {
    expect(downgrade("invoice", invoice, "2026-11-22")).toEqual({ id: "i1", status: "SENT", amount: 500 });
    expect(downgrade("invoice", { ...invoice, status: "OVERDUE" }, "2026-11-22")).toMatchObject({ status: "OVERDUE" });
  });

  it("drops hasMore from every list answer in 2026-11-22, hinted or not", () => {
    const page = { data: [{ id: "t1" }], nextCursor: "abc", hasMore: true };
    expect(inVersion(page, undefined, "2026-11-22")).toEqual({ data: [{ id: "t1" }], nextCursor: "abc" });
    expect(inVersion({ ...page, data: [invoice] }, pageShape("invoice"), "2026-11-22")).toEqual({
      data: [{ id: "i1", status: "SENT", amount: 500 }],
      nextCursor: "abc",
    });
  });

  it("stamps an event with its version and shapes its data by type; new event types keep theirs", () => {
    const event = { id: "e1", type: "invoice.paid", apiVersion: LATEST_VERSION, data: { ...invoice, status: "PAID", amountApplied: 300, reference: "r" } };
    expect(downgrade("event", event, "2026-11-22")).toEqual({
      id: "e1",
      type: "invoice.paid",
      apiVersion: "2026-11-22",
      data: { id: "i1", status: "PAID", amount: 500, reference: "r" },
    });
    const credit = { id: "e2", type: "customer.balance_changed", apiVersion: LATEST_VERSION, data: { balance: 5 } };
    expect(downgrade("event", credit, "2026-11-22")).toEqual({ ...credit, apiVersion: "2026-11-22" });
  });
});
