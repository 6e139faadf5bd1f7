import type { Permission } from "@/lib/auth/permissions";

type KeyPermission = {
  value: Permission;
  /** In the create form. */
  label: string;
  /** In the list of keys. */
  short: string;
};

/** How the create form groups and words the permissions a restricted key may be given, with each one's short name. */
export const KEY_PERMISSION_GROUPS: { title: string; permissions: KeyPermission[] }[] = [
  {
    title: "Read",
    permissions: [
      { value: "merchant:read", label: "Business, payment links, invoices and plans", short: "Read business" },
      { value: "payments:read", label: "Transactions, customers, payouts and subscriptions", short: "Read payments" },
    ],
  },
  {
    title: "Sell",
    permissions: [
      { value: "payments:initiate", label: "Start payments (POST /api/transactions/initiate)", short: "Start payments" },
      { value: "links:write", label: "Create and change payment links", short: "Links" },
      { value: "invoices:write", label: "Create, send and void invoices; customers' bank accounts", short: "Invoices" },
      { value: "plans:write", label: "Create and change plans", short: "Plans" },
      { value: "subscriptions:write", label: "Cancel subscriptions", short: "Subscriptions" },
    ],
  },
  {
    title: "Money out and integration",
    permissions: [
      { value: "payments:refund", label: "Refund payments and customer credit", short: "Refunds" },
      { value: "webhooks:manage", label: "Webhook endpoints, deliveries and events", short: "Webhooks" },
    ],
  },
];

/** One short name per permission, for the list of keys. */
export const KEY_PERMISSION_NAMES: Record<string, string> = Object.fromEntries(
  KEY_PERMISSION_GROUPS.flatMap((group) => group.permissions.map((p) => [p.value, p.short])),
);
