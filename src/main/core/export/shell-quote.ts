const printableAscii = /^[\x20-\x7e]*$/;

/**
 * One shell word: single-quoted when printable ASCII, else bash's $'…' with every other byte as \xHH
 * (header values are Latin-1 strings: one char, one byte).
 */
export function shellWord(value: string): string {
  if (printableAscii.test(value)) return `'${value.replace(/'/g, `'\\''`)}'`;
  let quoted = "$'";
  for (const byte of Buffer.from(value, 'latin1')) {
    const char = String.fromCharCode(byte);
    if (char === '\\' || char === "'") quoted += `\\${char}`;
    else if (byte >= 0x20 && byte <= 0x7e) quoted += char;
    else quoted += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `${quoted}'`;
}

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
