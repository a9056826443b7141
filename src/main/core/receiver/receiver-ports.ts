/** The ports the receivers listen on: HTTPS always, plain HTTP when asked for. */
export interface ReceiverPorts {
  https: number;
  http: number | null;
}
