import { useCallback, useEffect, useState } from 'react';
import { formatRoute, parseRoute, type Route } from '../lib/route';

export type Navigate = (route: Route, how?: 'push' | 'replace') => void;

/**
 * The view, the selected delivery and the filters live in the URL hash so a view can
 * be linked and reloaded. Selection moves replace the entry (no history per arrow key);
 * switching views pushes one.
 */
export function useHashRoute(): [Route, Navigate] {
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.hash));

  useEffect(() => {
    const fromLocation = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', fromLocation);
    window.addEventListener('popstate', fromLocation);
    return () => {
      window.removeEventListener('hashchange', fromLocation);
      window.removeEventListener('popstate', fromLocation);
    };
  }, []);

  const navigate = useCallback<Navigate>((next, how = 'replace') => {
    const url = window.location.pathname + window.location.search + formatRoute(next);
    if (how === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    setRoute(next);
  }, []);

  return [route, navigate];
}
