/** Which of the user's merchants the dashboard shows; set by the merchant switcher. */
export const CURRENT_MERCHANT_COOKIE = "paylink_merchant";
