/**
 * NIST SP 800-63B: length over composition rules; 12 leaves room above its 8-character floor.
 * Kept apart from the zod schema so the client form can show it without bundling zod.
 */
export const minPasswordLength = 12;
