import type { Permission } from "@/lib/auth/permissions";

/** How the create form groups and words the permissions a restricted key may be given. */
export const KEY_PERMISSION_GROUPS: { title: string; permissions: { value: Permission; label: string }[] }[] = [
  {
    title: "Read",
    permissions: [
      { value: "merchant:read", label: "Business, payment links, invoices and plans" },
      { value: "payments:read", label: "Transactions, customers, payouts and subscriptions" },
    ],
  },
  {
    title: "Sell",
    permissions: [
      { value: "payments:initiate", label: "Start payments (POST /api/transactions/initiate)" },
      { value: "links:write", label: "Create and change payment links" },
      { value: "invoices:write", label: "Create, send and void invoices; customers' bank accounts" },
      { value: "plans:write", label: "Create and change plans" },
      { value: "subscriptions:write", label: "Cancel subscriptions" },
    ],
  },
  {
    title: "Money out and integration",
    permissions: [
      { value: "payments:refund", label: "Refund payments and customer credit" },
      { value: "webhooks:manage", label: "Webhook endpoints, deliveries and events" },
    ],
  },
];

/** One short name per permission, for the list of keys. */
export const KEY_PERMISSION_NAMES: Record<string, string> = {
  "merchant:read": "Read business",
  "payments:read": "Read payments",
  "payments:initiate": "Start payments",
  "links:write": "Links",
  "invoices:write": "Invoices",
  "plans:write": "Plans",
  "subscriptions:write": "Subscriptions",
  "payments:refund": "Refunds",
  "webhooks:manage": "Webhooks",
};
