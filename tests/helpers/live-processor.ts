// The default set-up (the sandbox) takes no live payments, so going live is refused. Tests that go
// live configure Paystack with a live key (nothing is sent to it unless the test pays live).
import { reloadConfig } from "@/lib/config";
import { resetProcessors } from "@/lib/processors";

const SETTINGS = { PAYMENT_PROCESSOR: "paystack", PAYSTACK_LIVE_SECRET_KEY: "sk_live_configured_for_tests" };

export function configureLiveProcessor(): void {
  Object.assign(process.env, SETTINGS);
  reloadConfig();
  resetProcessors();
}

export function clearLiveProcessor(): void {
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  reloadConfig();
  resetProcessors();
}
