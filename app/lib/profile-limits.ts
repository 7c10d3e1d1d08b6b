// The profile's limits the browser needs too (without the profile schema's zod and phone metadata).
/** Where the bags will be: at most this many characters. */
export const PICKUP_NOTES_MAX = 200;
