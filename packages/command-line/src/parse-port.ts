export function parsePort(text: string, flag: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new Error(`${flag} must be a port number (0 for any free port), not "${text}"`);
  return port;
}
