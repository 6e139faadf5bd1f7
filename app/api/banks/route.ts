import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listBanks } from "@/lib/payouts/banks";

/** Banks that can receive settlements, from the processor (cached daily). */
export const GET = route({ auth: "userOrKey" }, async () => {
  const banks = await listBanks();
  return json({ banks: banks.map(({ code, name }) => ({ code, name })) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
