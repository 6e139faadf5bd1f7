import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";

import { BackLink } from "@/components/dashboard/back-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { LinkForm } from "@/components/payment-links/link-form";
import { ApiError } from "@/lib/api/errors";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { config } from "@/lib/config";
import { getLink } from "@/lib/links/service";
import { isUuid } from "@/lib/api/validation";

export const metadata: Metadata = { title: "Edit payment link" };

export default async function EditPaymentLinkPage({ params }: { params: Promise<{ linkId: string }> }) {
  const { linkId } = await params;
  const { merchant, role } = await getDashboardContext();
  if (!isUuid(linkId)) notFound();
  if (!roleCan(role, "links:write")) redirect(`/dashboard/payment-links/${linkId}`);
  const { link } = await getLink({ merchantId: merchant.id, environment: merchant.environment }, linkId.toLowerCase()).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });

  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href={`/dashboard/payment-links/${link.id}`}>{link.title}</BackLink>
      <PageHeader title="Edit payment link" />
      <LinkForm
        mode="edit"
        merchantId={merchant.id}
        appUrl={config().appUrl}
        linkId={link.id}
        slug={link.slug}
        link={{
          title: link.title,
          description: link.description,
          amount: link.amount === null ? null : link.amount.toString(),
          isReusable: link.isReusable,
          redirectUrl: link.redirectUrl,
          expiresAt: link.expiresAt ? link.expiresAt.toISOString() : null,
          maxPayments: link.maxPayments,
        }}
      />
    </div>
  );
}
