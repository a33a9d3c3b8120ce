/**
 * PIX copy-and-paste codes (BR Code: EMV® QRCPS merchant-presented, as the Banco Central's
 * manual describes): ID-length-value fields ending in a CRC16-CCITT checksum (field 63).
 */

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF), 4 upper-case hex digits. */
export const crc16 = (text: string): string => {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
};

const field = (id: string, value: string): string => {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** ASCII upper-case without accents, at most `max` characters (names and cities in a BR Code). */
const plain = (s: string, max: number) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .toUpperCase()
    .trim()
    .slice(0, max) || 'BALCAO';

export interface BrCodeInput {
  /** The receiver's PIX key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  /** BRL, 2 decimals. */
  amount: number;
  merchantName: string;
  merchantCity: string;
  /** The transaction id (letters and digits, up to 25). */
  txid: string;
  description?: string;
}

/** A PIX copy-and-paste code with its CRC: what a bank app reads from the QR. */
export const brCode = (i: BrCodeInput): string => {
  const account = field('00', 'br.gov.bcb.pix') + field('01', i.key) + (i.description ? field('02', i.description.slice(0, 40)) : '');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', i.amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(i.merchantName, 25)) +
    field('60', plain(i.merchantCity, 15)) +
    field('62', field('05', i.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***')) +
    '6304';
  return body + crc16(body);
};

/** Whether a code's last four characters are the CRC of the rest (field 63 last). */
export const brCodeValid = (code: string): boolean => /6304[0-9A-F]{4}$/.test(code) && crc16(code.slice(0, -4)) === code.slice(-4);
