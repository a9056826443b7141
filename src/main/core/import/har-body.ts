import { z } from 'zod';

const BodyPart = z.object({
  text: z.string().optional(),
  // HAR 1.2 gives `encoding` to response content only; tools (and this app's older exports, for a
  // body that is not UTF-8) use it, or `_encoding`, on request bodies too.
  encoding: z.string().optional(),
  _encoding: z.string().optional(),
  params: z.array(z.unknown()).optional(),
});
type BodyPart = z.infer<typeof BodyPart>;

/** Where HAR writers put a request's body: `postData` (HAR 1.2), or HTTP Toolkit's `_content` when postData cannot hold it. */
export const HarRequestBody = z.object({
  postData: BodyPart.optional(),
  _content: BodyPart.optional(),
  _requestBodyStatus: z.string().optional(),
  bodySize: z.number().optional(),
});
export type HarRequestBody = z.infer<typeof HarRequestBody>;

function decoded(part: BodyPart & { text: string }, field: string): Buffer | string {
  const encoding = part.encoding ?? part._encoding;
  if (encoding === undefined) return Buffer.from(part.text, 'utf8');
  if (encoding.toLowerCase() === 'base64') return Buffer.from(part.text, 'base64');
  return `${field} encoding "${encoding}" is not supported (base64 or none)`;
}

const hasText = (part: BodyPart | undefined): part is BodyPart & { text: string } => part?.text !== undefined && part.text !== '';

// A tool's own status words (HTTP Toolkit: discarded:too-large, discarded:not-decodable), never a value of the request.
const statusWord = /^[a-z][a-z:-]{0,40}$/;

function whyMissing(request: HarRequestBody): string | null {
  const status = request._requestBodyStatus;
  if (status?.startsWith('discarded')) return `_requestBodyStatus ${statusWord.test(status) ? `"${status}"` : 'says discarded'}`;
  if (request.postData?.params?.length) return 'postData gives params only, not the bytes';
  if ((request.bodySize ?? 0) > 0) return request.postData ? 'bodySize > 0, postData.text empty' : 'bodySize > 0, no postData';
  return null;
}

/**
 * The request's exact body bytes, or why they cannot be had: a body the file left out is named, never
 * read as an empty one.
 */
export function harRequestBody(request: HarRequestBody): Buffer | string {
  // HTTP Toolkit's rule: `_content`, when there, is the body (it is written where postData cannot hold it).
  if (hasText(request._content)) return decoded(request._content, '_content');
  if (hasText(request.postData)) return decoded(request.postData, 'postData');
  const why = whyMissing(request);
  if (why === null) return Buffer.alloc(0);
  const size = (request.bodySize ?? 0) > 0 ? `body of ${request.bodySize} bytes` : 'body';
  return `${size} not in the HAR (${why})`;
}
