import { describe, expect, it } from "vitest";
import { manageToken, subscriptionIdFromToken } from "./links";

describe("subscription management links", () => {
  const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
  it("names the subscription they were signed for", () => {
    expect(subscriptionIdFromToken(manageToken(id))).toBe(id);
  });
  it("refuses a changed id or signature, and anything else", () => {
    const [, signature] = manageToken(id).split(".");
    expect(subscriptionIdFromToken(`7c9e6679-7425-40de-944b-e07fc1f90ae7.${signature}`)).toBeNull();
    expect(subscriptionIdFromToken(`${id}.${signature!.slice(0, -2)}xx`)).toBeNull();
    expect(subscriptionIdFromToken(`${manageToken(id)}.extra`)).toBeNull();
    expect(subscriptionIdFromToken("not-a-token")).toBeNull();
  });
});
