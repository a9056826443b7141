/**
 * Where a user accepts a target's certificate that nobody vouches for, named in the error of a send that refused one
 * (the same stored error is shown by the UI and by the command line). The switch labels are the UI's own.
 */
export const certificateRemedy = {
  replay: 'To send to it anyway, turn on "Allow a self-signed certificate for this target" (replay --insecure on the command line).',
  forward: 'To forward to it anyway, turn on "Allow a self-signed certificate at the target" in Settings → Live forward.',
  check: 'To check it anyway, turn on "Allow a self-signed certificate" in the Check view (check --insecure on the command line).',
} as const;

export type SendKind = keyof typeof certificateRemedy;
