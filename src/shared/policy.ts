import { z } from 'zod';

const HttpStatus = z.number().int().min(200).max(599);

/** How the receiver answers. The fields combine: e.g. a delay applies to every answer, failures included. */
export const ResponsePolicy = z.object({
  /** Status of a normal answer (200 by default; 3xx, 4xx and 5xx are allowed to test the sender). */
  status: HttpStatus.default(200),
  /** Wait this long before answering, to make a sender time out. */
  delayMs: z.number().int().min(0).max(120_000).default(0),
  /** Answer the next N deliveries with failStatus, then go back to status. */
  failNext: z.number().int().min(0).max(1_000_000).default(0),
  failStatus: HttpStatus.default(500),
  /** Answer 401 to a delivery whose signature is not valid, as a strict receiver would. */
  rejectInvalidSignature: z.boolean().default(false),
});
export type ResponsePolicy = z.infer<typeof ResponsePolicy>;

export const defaultResponsePolicy: ResponsePolicy = ResponsePolicy.parse({});
