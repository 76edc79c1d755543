// Query keys more than one feature reads or invalidates live here, not inside one feature.

/** The signed-in user and brand (GET /api/me). */
export const meQueryKey = ['me'] as const;
