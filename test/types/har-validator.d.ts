/** har-validator ships no types: the one call the tests make (it resolves with the document or rejects with the schema's errors). */
declare module 'har-validator' {
  export function har(data: unknown): Promise<unknown>;
}
