import { createContext, useContext } from 'react';
import type { Schemas } from './api/client';

/**
 * The signed-in person as the shell read it (GET /auth/me), for the pages: one read per session,
 * not one per page. `reload` reads it again after a change it shows (two-step sign-in, a role).
 */
export type Me = Schemas['MeResponse'];
export const MeContext = createContext<{ me?: Me; reload: () => Promise<void> }>({ reload: async () => {} });
export const useMe = () => useContext(MeContext);
