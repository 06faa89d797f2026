/** docs/product.md, Refunds: a buyer may ask for their money back this long after buying… */
export const REFUND_WINDOW_MS = 30 * 24 * 3_600_000;
/** …while they have completed less than this share of the course. */
export const REFUND_MAX_PROGRESS = 0.3;
