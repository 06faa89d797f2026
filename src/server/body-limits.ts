import { VIDEO_MAX_BYTES } from '#shared/schemas/uploads';

/*
 * How large a body each address takes (ADR 0043). A limit belongs to an address, the same for every
 * method on it, because that is what nginx can express: deploy/nginx.conf gives each of these
 * addresses a `location` with the same `client_max_body_size`, and refuses a larger body itself, in
 * JSON, before an instance sees it (tests/deploy-recipe.test.ts holds the two equal). An instance
 * refuses such a body by its Content-Length and closes without reading it (ADR 0013), which nginx,
 * still sending, would see as a broken connection and answer 502.
 */

/** Every other address: the JSON calls (auth, enrollment, quiz answers) need well under 1 KB. */
export const JSON_BODY_LIMIT = 16_384;

/** Addresses that take more, as Fastify routes name them. */
export const LARGER_BODY_LIMITS: Readonly<Record<string, number>> = {
  // A course's description is rich text.
  '/api/courses': 256 * 1024,
  '/api/courses/:id': 256 * 1024,
  // A slide's content is rich text with highlighted code.
  '/api/modules/:id/lessons': 512 * 1024,
  '/api/lessons/:id': 512 * 1024,
  // A code question's starter code and tests, 20,000 characters each, escaped in JSON.
  '/api/quizzes/:id/questions': 256 * 1024,
  '/api/questions/:id': 256 * 1024,
  // Python source of 20,000 characters, escaped in JSON (a non-ASCII character takes up to 6 bytes).
  '/api/code/run': 128 * 1024,
  // A code question's answer is such a source.
  '/api/quiz-attempts/:id/answers': 128 * 1024,
  '/api/review/:id': 128 * 1024,
  // A lesson Q&A question or reply: 5,000 characters, up to 6 bytes each when a client escapes them in JSON.
  '/api/lessons/:id/threads': 32 * 1024,
  '/api/threads/:id/replies': 32 * 1024,
  // Stripe's events, read whole to check their signature.
  '/api/payments/webhook': 256 * 1024,
  // A file streams in: the store counts the bytes against its kind's own limit (5 MB for an image).
  '/api/uploads/:grant': VIDEO_MAX_BYTES,
};
