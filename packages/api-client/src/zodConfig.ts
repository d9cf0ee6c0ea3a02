import { config } from 'zod/v4/core';

/**
 * zod without its compiled fast path: that path is built with `new Function`, which the server's
 * Content-Security-Policy forbids (zod's probe for it is refused and reported as a CSP violation). Imported before
 * any schema is made: zod decides per schema, when the schema is built. `zod/v4/core` holds the one configuration
 * that classic zod (`zod`) and `zod/mini` both read.
 */
config({ jitless: true });
