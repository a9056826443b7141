import { Decimal } from 'decimal.js';
import { findCurrency, usdPerUnit } from './currencies';
import { historyEnd, historyStart, money, newestFirst } from './history';
import { SeededRandom } from '../seeded-random';
import type { ApiTransaction } from './records';

const transactionCount = 500;

const kinds = [
  { type: 'deposit', direction: 'credit', usd: [1_000, 50_000], weight: 0.2, description: 'Wallet top-up' },
  { type: 'payout', direction: 'debit', usd: [5, 500], weight: 0.6, description: 'Payout to recipient' },
  { type: 'fee', direction: 'debit', usd: [0.5, 20], weight: 0.12, description: 'Service fee' },
  { type: 'refund', direction: 'credit', usd: [5, 500], weight: 0.08, description: 'Refund of a failed payout' },
] as const;

function drawKind(random: SeededRandom): (typeof kinds)[number] {
  let roll = random.next();
  for (const kind of kinds) {
    if (roll < kind.weight) return kind;
    roll -= kind.weight;
  }
  return kinds[0];
}

/**
 * Ledger movements of the account's wallets, newest first. Drawn in time order with running
 * balances, and a debit the balance cannot cover becomes a top-up, so no balance goes negative.
 */
export function generateTransactions(seed: number, walletCurrencies: readonly string[]): ApiTransaction[] {
  const random = SeededRandom.forKey(seed, 'transactions');
  const times = Array.from({ length: transactionCount }, () => random.instant(historyStart, historyEnd).getTime()).sort(
    (a, b) => a - b,
  );
  const balances = new Map<string, Decimal>(walletCurrencies.map((code) => [code, new Decimal(0)]));
  const transactions = times.map((time): ApiTransaction => {
    const code = random.pick(walletCurrencies);
    const currency = findCurrency(code)!;
    let kind = drawKind(random);
    const draw = () => new Decimal(random.decimal(kind.usd[0] / usdPerUnit[code]!, kind.usd[1] / usdPerUnit[code]!, currency.decimals));
    let amount = draw();
    const balance = balances.get(code)!;
    if (kind.direction === 'debit' && amount.greaterThan(balance)) {
      kind = kinds[0];
      amount = draw();
    }
    const after = kind.direction === 'credit' ? balance.plus(amount) : balance.minus(amount);
    balances.set(code, after);
    return {
      uuid: random.uuid(),
      type: kind.type,
      direction: kind.direction,
      amount: money(amount.toFixed(currency.decimals), currency.kind),
      currency: code,
      balance_after: money(after.toFixed(currency.decimals), currency.kind),
      description: kind.description,
      created_at: new Date(time).toISOString(),
    };
  });
  return transactions.sort(newestFirst);
}
