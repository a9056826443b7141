import type { ReactNode } from 'react';
import { useNavigate } from '../hooks/useNavigate';
import { formatRoute, type Route } from '../lib/route';

interface RouteLinkProps {
  to: Route;
  testId?: string;
  className?: string;
  title?: string;
  children: ReactNode;
}

/** A real link (copyable, opens the same view on reload) that moves inside the app with a history entry. */
export function RouteLink({ to, testId, className, title, children }: RouteLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      href={formatRoute(to)}
      className={className}
      title={title}
      data-testid={testId}
      onClick={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to, 'push');
      }}
    >
      {children}
    </a>
  );
}
