import type { AuthPlugin } from './auth-plugin';

/** Lets every call through (the same as no auth block, but explicit). */
export const allowAllPlugin: AuthPlugin<{ plugin: 'allow_all' }> = () => undefined;
