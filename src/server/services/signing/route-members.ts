import { signers } from '../../db/schema';

/** The columns the route reads of each recipient (shared/recipients/route.ts's `RouteMember`). */
export const routeMemberColumns = {
  id: signers.id,
  role: signers.role,
  status: signers.status,
  signingOrder: signers.signingOrder,
  position: signers.position,
  witnessOf: signers.witnessOf,
  namedBy: signers.namedBy,
  email: signers.email,
};
