import { handlers } from '@/modules/auth/lib/auth';
import { defineRoute } from '@/modules/server/define-route';

// Auth.js's own endpoints (session, CSRF token, sign-out, OAuth callbacks); CSRF-protected by it.
export const GET = defineRoute('auth.handler', handlers.GET);
export const POST = defineRoute('auth.handler', handlers.POST);
