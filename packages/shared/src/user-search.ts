/** How the admin user list is searched and sorted, apart from its query schema: the console's search field reads these without loading zod. */
export const USER_SORT_FIELDS = ['createdAt', 'fullName', 'userName', 'balance'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const USER_SEARCH_MAX_LENGTH = 100;
