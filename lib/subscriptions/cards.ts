// A subscription's saved card. Its authorization charges the card with the platform's key, so it is
// a secret: sealed at rest, bound to its subscription (a sealed value copied to another row does not
// open), and never answered or logged.
import { sealFor, openFor } from "@/lib/auth/two-factor/secret-box";
import type { SavedCard } from "@/lib/processors/types";

const INFO = "paylink subscription card v1";

export const sealAuthorization = (subscriptionId: string, authorization: string) => sealFor(INFO, authorization, subscriptionId);

/** The authorization, or null when it cannot be opened (AUTH_SECRET changed): the customer must give the card again. */
export const openAuthorization = (subscription: { id: string; authorizationSealed: string }) =>
  openFor(INFO, subscription.authorizationSealed, subscription.id);

/** The columns that describe a saved card (cardBrand…, sealed authorization). */
export function cardColumns(subscriptionId: string, card: SavedCard) {
  return {
    authorizationSealed: sealAuthorization(subscriptionId, card.authorization),
    cardBrand: card.brand,
    cardLast4: card.last4,
    cardExpMonth: card.expMonth,
    cardExpYear: card.expYear,
    expiryWarnedAt: null,
  };
}
