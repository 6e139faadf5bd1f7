import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJson, storableJson } from "./json";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("parseJson", () => {
  it("takes nesting up to the limit and refuses one level more, naming where", () => {
    expect(parseJson(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`).problem).toBeNull();
    expect(parseJson(`{"a":${nested(MAX_JSON_DEPTH)}}`).problem).toEqual({
      field: `a${".0".repeat(MAX_JSON_DEPTH - 1)}`,
      message: "Body is nested too deeply",
    });
  });

  it("walks a million levels without overflowing the stack", () => {
    expect(parseJson(nested(1_000_000)).problem?.message).toBe("Body is nested too deeply");
  });

  it("names NUL and lone surrogates in values and keys, in document order", () => {
    expect(parseJson('{"ok":"x","a":{"b":"\\u0000"},"c":"\\ud800"}').problem).toEqual({
      field: "a.b",
      message: "Text must not contain NUL (\\u0000) characters",
    });
    expect(parseJson('{"a":["\\udc00"]}').problem).toEqual({ field: "a.0", message: "Text must be valid Unicode (no lone surrogates)" });
    expect(parseJson('{"\\ud800":1}').problem).toEqual({ field: "\uFFFD", message: "Text must be valid Unicode (no lone surrogates)" });
    // A pair is fine.
    expect(parseJson('{"emoji":"\\ud83d\\ude00"}').problem).toBeNull();
  });

  it("says when the text is not JSON at all", () => {
    expect(parseJson("{nope").problem).toEqual({ field: "body", message: "Body must be valid JSON" });
  });
});

describe("storableJson", () => {
  it("replaces NUL and lone surrogates with U+FFFD, and gives up on a tree too deep to store", () => {
    expect(storableJson({ "a\u0000": ["x\ud800", 1, null] })).toEqual({ "a\uFFFD": ["x\uFFFD", 1, null] });
    expect(storableJson(JSON.parse(nested(100_000)))).toBeNull();
  });
});
