import { startSimulatorApi } from '../../../src/main/core/simulator/api/server';
import { SimAccount } from '../../../src/main/core/simulator/model';
import { test } from 'vitest';
test('s', async () => {
const api = await startSimulatorApi({ account: new SimAccount('t'), seed: 1 });
const h = { 'X-Api-Token': 't' };
for (const p of ['/api/orders', '/api/products?limit=3', '/api/transactions?limit=3', '/api/campaigns?limit=2', '/api/payout-orders?limit=1', '/api/payouts?limit=2', '/api/webhooks', '/api/products?page=999']) {
  const r = await fetch(api.url + p, { headers: h });
  console.log(p, r.status, r.headers.get('total-count'), r.headers.get('total-pages'), JSON.stringify(await r.json()).slice(0, 900));
}
const c = api.world.campaigns.filter(c=>c.payout_type==='gift_cards').map(c => [c.catalog_size, c.status, c.wallet_currency]);
console.log(JSON.stringify(c));
console.log(JSON.stringify(api.world.campaigns.filter(c=>c.payout_type==='crypto').map(c => [c.catalog_size, c.status, c.wallet_currency])));
const camp = api.world.campaigns.find(c => c.payout_type==='crypto' && c.status==='active')!;
console.log((await (await fetch(`${api.url}/api/campaigns/${camp.uuid}/catalog`, {headers: h})).json()));
const r = await fetch(api.url + '/api/payout-orders', { method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ campaign_id: camp.uuid, wallet_currency: camp.wallet_currency, callback_url: 'https://x.example/h', recipients: [{ email: 'a@b.example', name: 'A B', amount: '1.5' }, { email: 'x', name: '', amount: 3 }] }) });
console.log(r.status, JSON.stringify(await r.json(), null, 1));
await api.close();
});
