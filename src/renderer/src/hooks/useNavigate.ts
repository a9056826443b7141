import { createContext, useContext } from 'react';
import type { Navigate } from './useHashRoute';

/** The app's navigate, for links deep in a view (delivery ↔ duplicates ↔ lifecycle ↔ order). */
export const NavigateContext = createContext<Navigate | null>(null);

export function useNavigate(): Navigate {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useNavigate needs a NavigateContext provider');
  return navigate;
}
