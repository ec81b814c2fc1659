import { z } from 'zod';

/**
 * A timestamp: `Date` inside, an ISO 8601 string on the wire. Responses are encoded through
 * their schemas (`z.encode`), and the OpenAPI document shows the wire side.
 */
export const isoDate = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
