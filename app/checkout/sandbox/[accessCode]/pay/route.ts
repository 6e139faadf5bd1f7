import { pathKey } from "@/lib/api/find";
import { checkoutChoiceFrom, completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";

// The sandbox checkout's form posts land here (a page action, not part of the JSON API).
export async function POST(req: Request, { params }: { params: Promise<{ accessCode: string }> }) {
  const accessCode = pathKey((await params).accessCode);
  const form = await req.formData();
  const choice = checkoutChoiceFrom(form);
  const page = new URL(`/checkout/sandbox/${accessCode}`, req.url);
  if (!choice) return seeOther(page.toString());

  const result = await completeSandboxCheckout(accessCode, choice);
  if (!result) return new Response("Checkout not found", { status: 404 });
  if ("error" in result) {
    page.searchParams.set("method", choice.method);
    page.searchParams.set("error", result.error);
    return seeOther(page.toString());
  }
  return seeOther(result.redirectTo);
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });
