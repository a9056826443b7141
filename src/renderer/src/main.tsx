import './zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { ticketedEventStreamUrl } from './api/event-ticket';
import { createQueryClient } from './api/queries';
import { call } from './api/client';
import { followFetchAllJobs } from './api/fetch-all-jobs';
import { invalidateOnEvents } from './api/query-invalidation';
import { ServerEventStream } from './api/server-events';
import { sessionToken } from './api/session-token';
import { App } from './App';
import { EventStreamContext } from './hooks/useEventStream';
import './styles/theme.css';
import './styles/shell.css';
import './styles/badges.css';
import './styles/deliveries.css';
import './styles/detail.css';
import './styles/reconcile.css';
import './styles/json-tree.css';
import './styles/settings.css';
import './styles/simulator.css';
import './styles/lists.css';
import './styles/duplicates.css';
import './styles/lifecycles.css';
import './styles/orders.css';
import './styles/api.css';
import './styles/api-form.css';
import './styles/replay.css';
import './styles/replay-edit.css';
import './styles/sources.css';
import './styles/roles.css';
import './styles/check.css';
import './styles/compare.css';

const token = sessionToken();
const root = createRoot(document.getElementById('root')!);

if (!token) {
  root.render(
    <StrictMode>
      <div className="missing-token" role="alert">
        <h1>Webhook Inspector</h1>
        <p>This page needs the address the inspector printed when it started: it carries a one-time token, e.g.</p>
        <pre>http://127.0.0.1:PORT/?token=…</pre>
      </div>
    </StrictMode>,
  );
} else {
  const events = new ServerEventStream(ticketedEventStreamUrl);
  const queryClient = createQueryClient();
  invalidateOnEvents(events, queryClient);
  followFetchAllJobs(events, queryClient, call);
  events.start();
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <EventStreamContext value={events}>
          <App />
        </EventStreamContext>
      </QueryClientProvider>
    </StrictMode>,
  );
}
