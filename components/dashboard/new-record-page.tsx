import type * as React from "react";
import { redirect } from "next/navigation";

import { BackLink } from "@/components/dashboard/back-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { roleCan, type Permission } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { cn } from "@/lib/utils";

export interface NewRecordPageProps {
  /** Who may create one; anyone else goes back to the list. */
  permission: Permission;
  /** The list page, and its name on the back link. */
  listPath: string;
  listName: string;
  title: string;
  /** What the record does, in test mode and in live mode. */
  description: { test: string; live: string };
  width: "max-w-2xl" | "max-w-3xl";
  form: (merchantId: string) => React.ReactNode;
}

/** The page around a "create" form (payment link, plan, invoice). */
export async function NewRecordPage({ permission, listPath, listName, title, description, width, form }: NewRecordPageProps) {
  const { merchant, role } = await getDashboardContext();
  if (!roleCan(role, permission)) redirect(listPath);
  return (
    <div className={cn("mx-auto", width)}>
      <BackLink href={listPath}>{listName}</BackLink>
      <PageHeader title={title} description={merchant.environment === "test" ? description.test : description.live} />
      {form(merchant.id)}
    </div>
  );
}
