/** Every string an async iterable yields, joined. */
export async function collect(chunks: AsyncIterable<string>): Promise<string> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all.join('');
}
