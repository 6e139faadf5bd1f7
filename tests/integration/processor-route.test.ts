// Issue 25, Deliver 2: PAYMENT_PROCESSORS is an ordered route (PAYMENT_PROCESSOR its one-processor
// form); each mode's route keeps the processors with that mode's key, and a settlement account gets a
// subaccount on every processor of every mode's route.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { assertValidConfig, config, reloadConfig } from "@/lib/config";
import { processorFor, processorRoute } from "@/lib/processors";
import { createMerchantOwner } from "../helpers/factories";
import { FLW_HASH, withFakeProcessors } from "../helpers/fake-processors";
import { saveSettlementAccount } from "../helpers/settlement-account";

const fakes = withFakeProcessors({ timeoutMs: 2_000 });
const names = (mode: "test" | "live") => processorRoute(mode).map((adapter) => adapter.name);

const startEnv: NodeJS.ProcessEnv = {
  NODE_ENV: "test",
  DATABASE_URL: "postgresql://x",
  AUTH_SECRET: "a-long-random-secret-0123456789-abcdef",
  PAYSTACK_SECRET_KEY: "sk_test_abc",
  FLUTTERWAVE_SECRET_KEY: "FLWSECK_TEST-abc",
  FLUTTERWAVE_SECRET_HASH: FLW_HASH,
};

afterEach(() => {
  delete process.env.PAYMENT_PROCESSORS;
  reloadConfig();
});

describe("the route setting", () => {
  it("PAYMENT_PROCESSORS is read in order, and PAYMENT_PROCESSOR then means its first", () => {
    fakes.use(["flutterwave", "paystack"]);
    expect(config().processorRoute).toEqual(["flutterwave", "paystack"]);
    expect(config().PAYMENT_PROCESSOR).toBe("flutterwave");
  });

  it("PAYMENT_PROCESSOR alone is a one-processor route", () => {
    fakes.use("paystack");
    expect(config().processorRoute).toEqual(["paystack"]);
  });

  it("the start check names an unknown or repeated name, a disagreeing PAYMENT_PROCESSOR and every routed processor's missing settings", () => {
    expect(() => assertValidConfig({ ...startEnv, PAYMENT_PROCESSORS: "paystack,stripe" })).toThrow(/PAYMENT_PROCESSORS/);
    expect(() => assertValidConfig({ ...startEnv, PAYMENT_PROCESSORS: "paystack, paystack" })).toThrow("must not name a processor twice");
    expect(() => assertValidConfig({ ...startEnv, PAYMENT_PROCESSORS: "paystack,flutterwave", PAYMENT_PROCESSOR: "flutterwave" })).toThrow(
      "PAYMENT_PROCESSOR must be the first of PAYMENT_PROCESSORS when both are set",
    );
    expect(() => assertValidConfig({ ...startEnv, PAYMENT_PROCESSORS: "paystack,flutterwave", FLUTTERWAVE_SECRET_HASH: undefined })).toThrow(
      "FLUTTERWAVE_SECRET_HASH is required when PAYMENT_PROCESSORS includes flutterwave",
    );
    expect(() => assertValidConfig({ ...startEnv, PAYMENT_PROCESSORS: "paystack,flutterwave", PAYMENT_PROCESSOR: "paystack" })).not.toThrow();
  });
});

describe("each mode's route", () => {
  it("test: the routed processors with a test key, in order; with none, the sandbox", () => {
    fakes.use(["paystack", "flutterwave"]);
    expect(names("test")).toEqual(["paystack", "flutterwave"]);
    fakes.use(["paystack", "flutterwave"], { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey });
    expect(names("test")).toEqual(["flutterwave"]);
    fakes.use(["paystack", "flutterwave"], { PAYSTACK_SECRET_KEY: undefined, FLUTTERWAVE_SECRET_KEY: undefined, PAYSTACK_LIVE_SECRET_KEY: "sk_live_x" });
    expect(names("test")).toEqual(["sandbox"]);
  });

  it("live: the routed processors with a live key; with none, a 409 naming no setting", () => {
    fakes.use(["paystack", "flutterwave"], { FLUTTERWAVE_LIVE_SECRET_KEY: "FLWSECK-live" });
    expect(names("live")).toEqual(["flutterwave"]);
    expect(processorFor("live").name).toBe("flutterwave");
    fakes.use(["paystack", "flutterwave"]);
    expect(() => processorRoute("live")).toThrow("Live payments are not available on this platform yet");
  });
});

describe("settlement accounts", () => {
  it("get a subaccount on every processor of the route", async () => {
    fakes.use(["paystack", "flutterwave"]);
    const owner = await createMerchantOwner();
    await saveSettlementAccount(owner);
    const subs = await db.processorSubaccount.findMany({ where: { merchantId: owner.merchant.id }, orderBy: { processor: "asc" } });
    expect(subs.map((sub) => [sub.processor, sub.environment])).toEqual([
      ["paystack", "test"],
      ["flutterwave", "test"],
    ]);
    expect([...fakes.paystack.subaccounts.keys()]).toContain(subs[0]!.code);
    expect(subs[1]!.code).toMatch(/^RS_/);
  });
});
