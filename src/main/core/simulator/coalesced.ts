/** `publish` at most once every `everyMs`, however often the returned function is called: the simulator's attempts change many times a second under load. */
export function coalesced(publish: () => void, everyMs: number): () => void {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      publish();
    }, everyMs).unref();
  };
}
