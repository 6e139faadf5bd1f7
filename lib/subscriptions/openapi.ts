import { z } from "@/lib/zod";
import { pageOf, paths } from "@/lib/api/openapi/operation";
import { MessageSchema, PlanSchema, SubscriptionSchema } from "@/lib/api/openapi/resources";
import {
  DunningSettingsSchema,
  cancelSubscriptionSchema,
  createPlanSchema,
  dunningUpdateSchema,
  planListQuery,
  subscriptionListQuery,
  updatePlanSchema,
} from "./schemas";

const perMode = "Per mode: a secret key sees its own mode, a user token the mode the member's dashboard shows; another merchant's or mode's answers 404.";

export const planPaths = paths("Plans", "userOrKey", {
  "/api/merchants/{merchantId}/plans": {
    post: {
      operationId: "createPlan",
      summary: "Create a plan",
      description: `A price charged every \`interval\` (customers subscribe at /subscribe/{planId}, or through POST /api/transactions/initiate with \`planId\`). \`trialDays\` (0 to 365) gives free days before the first charge. In live mode, only once the go-live checklist is done. ${perMode}`,
      body: createPlanSchema,
      idempotent: true,
      errors: [[409, "(live mode) the go-live checklist is not done (`missing` lists the steps left)"], 422],
      ok: { 201: ["Created", MessageSchema.extend({ plan: PlanSchema })] },
    },
    get: {
      operationId: "listPlans",
      summary: "List plans",
      description: `Plans, newest first; \`status\` filters active or inactive ones. ${perMode}`,
      query: planListQuery,
      ok: { 200: ["A page", pageOf(PlanSchema)] },
    },
  },
  "/api/merchants/{merchantId}/plans/{planId}": {
    get: {
      operationId: "getPlan",
      summary: "Get a plan",
      description: perMode,
      ok: { 200: ["The plan", z.object({ plan: PlanSchema })] },
    },
    put: {
      operationId: "updatePlan",
      summary: "Update a plan",
      description:
        "Send only what changes: rename, describe (null clears), reprice, change the trial, or `active: false` to take no new subscribers (existing ones renew). A new `amount` or `trialDays` applies to new subscriptions only: each subscription keeps the price it started with. `interval` cannot change (400): create a new plan.",
      body: updatePlanSchema,
      ok: { 200: ["Updated", MessageSchema.extend({ plan: PlanSchema })] },
    },
  },
});

export const subscriptionPaths = paths("Subscriptions", "userOrKey", {
  "/api/merchants/{merchantId}/subscriptions": {
    get: {
      operationId: "listSubscriptions",
      summary: "List subscriptions",
      description: `Subscriptions, newest first; filter by \`status\`, \`planId\` or part of the customer's \`email\`. ${perMode}`,
      query: subscriptionListQuery,
      ok: { 200: ["A page", pageOf(SubscriptionSchema)] },
    },
  },
  "/api/merchants/{merchantId}/subscriptions/{subscriptionId}": {
    get: {
      operationId: "getSubscription",
      summary: "Get a subscription",
      description: `The subscription, its customer and saved card (brand, last four digits, expiry; never the card's authorization). ${perMode}`,
      ok: { 200: ["The subscription", z.object({ subscription: SubscriptionSchema })] },
    },
  },
  "/api/merchants/{merchantId}/subscriptions/{subscriptionId}/cancel": {
    post: {
      operationId: "cancelSubscription",
      idempotent: true,
      summary: "Cancel a subscription",
      description:
        "`atPeriodEnd: false` (default) ends it now: status `canceled`, no further charge, a `subscription.canceled` event. `atPeriodEnd: true` keeps a trialing or active subscription to the end of its period (`cancelAtPeriodEnd` true), when it ends instead of renewing; a past_due or unpaid one has no paid period left and ends now. Cancelling a canceled subscription answers 200 with it unchanged (no second event).",
      body: cancelSubscriptionSchema,
      ok: { 200: ["Canceled, or set to cancel at period end", MessageSchema.extend({ subscription: SubscriptionSchema })] },
    },
  },
  "/api/merchants/{merchantId}/dunning": {
    get: {
      operationId: "getDunningSettings",
      summary: "Get the retry settings",
      description:
        "How a failed renewal is retried: on each of `retryDays` (days after the failure; default 1, 3, 5 and 7), then the subscription becomes `endState` (default canceled). One setting for the business, both modes.",
      ok: { 200: ["The settings", z.object({ dunning: DunningSettingsSchema })] },
    },
    put: {
      operationId: "updateDunningSettings",
      summary: "Update the retry settings",
      description:
        "Set `retryDays` (1 to 8 days, each 1 to 30, strictly increasing) and/or `endState` (`unpaid` keeps the subscription and its open payment, which the customer can still pay; `canceled` ends it). Retries scheduled after the change follow it. A user token (owners and admins); audited.",
      auth: "user",
      body: dunningUpdateSchema,
      ok: { 200: ["Saved", MessageSchema.extend({ dunning: DunningSettingsSchema })] },
    },
  },
});
