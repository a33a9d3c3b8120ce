/**
 * A time as the API takes it: with an offset it is that instant; without one (the spec's client
 * sends a datetime-local `2025-01-31T10:00`) it is that wall time in the company's time zone
 * (decision 0212).
 */
export const instantOf = (text: string, timeZone: string): Date => {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return new Date(text);
  const [d, t = '00:00'] = text.split('T');
  const [y, mo, da] = d!.split('-').map(Number);
  const [h, mi, sRaw = '0'] = t.split(':');
  const s = Number(sRaw);
  const wall = Date.UTC(y!, mo! - 1, da!, Number(h), Number(mi), Math.floor(s), Math.round((s % 1) * 1000));
  // The zone's offset at that wall time, found by formatting a guess back in the zone (twice:
  // a guess across a DST change lands on the other side once).
  let guess = wall;
  for (let i = 0; i < 2; i++) guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
};

const offsetMs = (at: Date, timeZone: string): number => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
};
