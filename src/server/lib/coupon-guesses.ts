import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hitRateLimit, rateLimitedError } from './rate-limit';

/**
 * Every request that tries a discount code counts into one budget per IP address and minute
 * (RATE_LIMIT_COUPON_CHECKS_PER_MINUTE): POST /api/coupons/check, PUT /api/cart/{courseId} and POST
 * /api/create-payment-intent with a `couponCode`. Each answers whether a code exists, so a guesser
 * kept to one route must not get another route's budget too. Past it: 429 with Retry-After. Counted
 * before the code is looked up, so a refused guess learns nothing.
 */
export async function limitCouponGuesses(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const limited = await hitRateLimit({
    db: app.db,
    key: `coupon-check:ip:${request.ip}`,
    limit: app.config.rateLimits.couponChecksPerMinute,
    windowMs: 60_000,
    now: app.clock(),
  });
  if (!limited.allowed) throw rateLimitedError(limited.retryAfterSeconds);
}
