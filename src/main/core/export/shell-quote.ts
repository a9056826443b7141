const printableAscii = /^[\x20-\x7e]*$/;

/**
 * The argument of `printf '%b'` that prints exactly these bytes: printable ASCII as is, the rest as
 * \0ooo octal (the escape %b knows in bash, dash and zsh alike), in single quotes.
 */
export function printfBytesArgument(bytes: Uint8Array): string {
  let escaped = '';
  for (const byte of bytes) {
    if (byte === 0x5c) escaped += '\\\\';
    else if (byte >= 0x20 && byte <= 0x7e && byte !== 0x27) escaped += String.fromCharCode(byte);
    else escaped += `\\0${byte.toString(8).padStart(3, '0')}`;
  }
  return `'${escaped}'`;
}

/**
 * One shell word for any POSIX sh: single-quoted when printable ASCII, else the bytes printed by
 * `printf '%b'` inside a quoted command substitution (header values are Latin-1 strings: one char,
 * one byte). A substitution drops trailing newlines, which no header value or URL can end with.
 */
export function shellWord(value: string): string {
  if (printableAscii.test(value)) return `'${value.replace(/'/g, `'\\''`)}'`;
  return `"$(printf '%b' ${printfBytesArgument(Buffer.from(value, 'latin1'))})"`;
}
