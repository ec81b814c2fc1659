import { handleApiRequest } from '@/modules/api/handle-api-request';
import { defineRoute } from '@/modules/server/define-route';

// The route table in @toolplane/api matches path and method; see its README.
export const dynamic = 'force-dynamic';

export const DELETE = defineRoute('member.revoke-invitation', handleApiRequest);
