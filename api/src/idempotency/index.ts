export { idempotency, type IdempotencyOptions } from './middleware.js';
export { sweepIdempotentRequests } from './repository.js';
