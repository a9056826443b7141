import type { CurrencyInfo } from './currencies';
import type { SeededRandom } from '../seeded-random';

const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const bech32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function drawFrom(alphabet: string, length: number, random: SeededRandom): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[random.int(0, alphabet.length - 1)];
  return text;
}

/** A destination wallet address in the style of the currency's chain. */
export function walletAddress(currency: CurrencyInfo, random: SeededRandom): string {
  switch (currency.addressStyle) {
    case 'bitcoin':
      return `bc1q${drawFrom(bech32, 38, random)}`;
    case 'litecoin':
      return `ltc1q${drawFrom(bech32, 38, random)}`;
    case 'solana':
      return drawFrom(base58, 44, random);
    case 'tron':
      return `T${drawFrom(base58, 33, random)}`;
    case 'evm':
      return `0x${random.hex(40)}`;
  }
}

/** An on-chain transaction hash in the style of the currency's chain. */
export function transactionHash(currency: CurrencyInfo, random: SeededRandom): string {
  switch (currency.addressStyle) {
    case 'bitcoin':
    case 'litecoin':
    case 'tron':
      return random.hex(64);
    case 'solana':
      return drawFrom(base58, 88, random);
    case 'evm':
      return `0x${random.hex(64)}`;
  }
}
