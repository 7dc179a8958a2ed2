import { createContext, use, useSyncExternalStore } from 'react';
import type { Auth, AuthState } from './auth.ts';

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside an AuthContext provider');
  return auth;
}

export function useAuthState(): AuthState {
  const auth = useAuth();
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}
