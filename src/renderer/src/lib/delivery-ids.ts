/**
 * Delivery ids as a user types them ("12, 40 #41"): each once, in the order given; `invalid`, the parts that are
 * not a delivery id (a positive whole number).
 */
export function parseDeliveryIds(text: string): { ids: number[]; invalid: string[] } {
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const id = /^#?\d{1,15}$/.test(part) ? Number(part.replace('#', '')) : 0;
    if (id === 0) invalid.push(part);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, invalid };
}
