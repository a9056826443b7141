import { createContext, useContext, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { EventName, EventPayload } from '../../../shared/contract';
import type { LiveConnection, ServerEventStream } from '../api/server-events';

export const EventStreamContext = createContext<ServerEventStream | null>(null);

export function useEventStream(): ServerEventStream {
  const stream = useContext(EventStreamContext);
  if (!stream) throw new Error('useEventStream needs an EventStreamContext provider');
  return stream;
}

/** connected / connecting / reconnecting, for the live indicator. */
export function useLiveConnection(): LiveConnection {
  const stream = useEventStream();
  return useSyncExternalStore(
    (onChange) => stream.onConnectionChange(onChange),
    () => stream.state,
  );
}

/** Run `handler` on every event of that name, with the latest props and state. */
export function useServerEvent<N extends EventName>(name: N, handler: (payload: EventPayload<N>) => void): void {
  const stream = useEventStream();
  const onEvent = useEffectEvent(handler);
  useEffect(() => stream.on(name, (payload) => onEvent(payload)), [stream, name]);
}

/** Run `handler` after the event stream reconnects (events may have been missed). */
export function useReconnected(handler: () => void): void {
  const stream = useEventStream();
  const onReconnected = useEffectEvent(handler);
  useEffect(() => stream.onReconnected(() => onReconnected()), [stream]);
}
