/**
 * Row ids. Users' rows (notes, briefs, threads, opinions, collections…) have UUID primary keys:
 * an id that is not one names no row, and is answered "not found" before any query runs
 * (PostgreSQL would refuse it in a `uuid` comparison with an error).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `s` is a UUID in its canonical 8-4-4-4-12 hex form (RFC 9562 §4), in either case. */
export const isUuid = (s: string): boolean => UUID.test(s);
