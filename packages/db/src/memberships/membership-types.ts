import type { MemberRole } from '../generated/prisma/enums';

export interface MembershipWithUser {
  id: string;
  workspaceId: string;
  userId: string;
  role: MemberRole;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  user: { id: string; email: string; name: string | null; image: string | null };
}

export const membershipUserSelect = {
  select: { id: true, email: true, name: true, image: true },
} as const;
