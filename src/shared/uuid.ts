/**
 * A UUID as PostgreSQL writes one (any version, either case). An id read from an address, a
 * cursor or a cookie is tested with it before it reaches a query, where a malformed one would be
 * a database error instead of "not found"; the log tells ids from secret tokens by it.
 */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
