import type { Metadata } from "next";

import { SignupForm } from "@/components/auth/signup-form";
import { FeeTermsNote } from "@/components/payouts/fee-terms";
import { feeTerms } from "@/lib/payouts/fee-quote";

export const metadata: Metadata = { title: "Create your account" };

export default function SignupPage() {
  const { processor, platform, example } = feeTerms();
  return <SignupForm pricing={<FeeTermsNote terms={{ processor, platform, example }} />} />;
}
