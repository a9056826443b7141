/** One server-sent event: its type (`message` when unnamed) and its data lines joined by \n. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

const lineFeed = 0x0a;

/**
 * The events of a text/event-stream (lines ended by \n or \r\n), parsed as its bytes arrive. At most
 * `maxEventBytes` of one event are held: an event, or a line, that grows past it ends the stream with
 * `tooLarge()` before more of it is read.
 */
export async function* serverSentEvents(
  stream: AsyncIterable<Buffer>,
  maxEventBytes: number,
  tooLarge: () => Error,
): AsyncGenerator<ServerSentEvent> {
  let pending: Buffer[] = [];
  let eventBytes = 0;
  let type = '';
  let data: string[] = [];
  const hold = (bytes: number) => {
    eventBytes += bytes;
    if (eventBytes > maxEventBytes) throw tooLarge();
  };
  for await (const chunk of stream) {
    let start = 0;
    for (let end = chunk.indexOf(lineFeed); end !== -1; end = chunk.indexOf(lineFeed, start)) {
      const piece = chunk.subarray(start, end);
      hold(piece.length + 1);
      const line = (pending.length === 0 ? piece : Buffer.concat([...pending, piece])).toString('utf8').replace(/\r$/, '');
      pending = [];
      start = end + 1;
      if (line === '') {
        if (data.length > 0) yield { event: type || 'message', data: data.join('\n') };
        [type, data, eventBytes] = ['', [], 0];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (start < chunk.length) {
      hold(chunk.length - start);
      pending.push(chunk.subarray(start));
    }
  }
}
