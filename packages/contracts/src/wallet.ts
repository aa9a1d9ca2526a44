/**
 * Wallet address checks. Where a currency's address format carries a checksum we verify it, so a
 * mistyped address is refused before money is sent to it: Bitcoin and Litecoin (Base58Check and
 * bech32/bech32m segwit, mainnet only), Ethereum and EVM tokens (EIP-55 mixed-case checksum) and
 * TRON (Base58Check). USDT is accepted on Ethereum and on TRON, the two networks it is mostly paid
 * out on. Other codes get a sanity rule only (see `GENERIC_RULE`): we know no checksum for them
 * and would rather let the PSP refuse an address than refuse a valid one.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

export type WalletCheck = { ok: true } | { ok: false; message: string };

type Family = 'btc' | 'ltc' | 'evm' | 'tron';

const FAMILIES: Readonly<Record<string, readonly Family[]>> = {
  BTC: ['btc'],
  LTC: ['ltc'],
  ETH: ['evm'],
  ETC: ['evm'],
  BNB: ['evm'],
  POL: ['evm'],
  USDC: ['evm'],
  DAI: ['evm'],
  LINK: ['evm'],
  SHIB: ['evm'],
  USDT: ['evm', 'tron'],
  TRX: ['tron'],
};

/** Currencies whose addresses are checked for their own format and checksum. */
export const WALLET_CHECKED_CURRENCIES: readonly string[] = /* @__PURE__ */ Object.keys(FAMILIES);

const base58check = /* @__PURE__ */ createBase58check(sha256);
const BASE58_RE = /^[1-9A-HJ-NP-Za-km-z]+$/;

type Outcome = 'ok' | 'format' | 'checksum';

function checkBase58(address: string, versions: readonly number[]): Outcome {
  if (!BASE58_RE.test(address) || address.length < 25 || address.length > 36) return 'format';
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return 'checksum';
  }
  return payload.length === 21 && versions.includes(payload[0] ?? -1) ? 'ok' : 'format';
}

function checkSegwit(address: string, hrp: string): Outcome {
  const lower = address.toLowerCase();
  // BIP-173: all lower case or all upper case, at most 90 characters.
  if ((address !== lower && address !== address.toUpperCase()) || lower.length > 90) {
    return 'format';
  }
  if (!/^[a-z0-9]+$/.test(lower.slice(hrp.length + 1))) return 'format';
  const v0 = bech32.decodeUnsafe(lower, 90);
  if (v0 && v0.prefix === hrp && v0.words[0] === 0) {
    const program = bech32.fromWordsUnsafe(v0.words.slice(1));
    return program && (program.length === 20 || program.length === 32) ? 'ok' : 'format';
  }
  const v1 = bech32m.decodeUnsafe(lower, 90);
  if (v1 && v1.prefix === hrp) {
    const version = v1.words[0] ?? -1;
    const program = bech32m.fromWordsUnsafe(v1.words.slice(1));
    return version >= 1 && version <= 16 && program && program.length >= 2 && program.length <= 40
      ? 'ok'
      : 'format';
  }
  return 'checksum';
}

function checkBitcoinLike(
  address: string,
  hrp: string,
  base58Versions: readonly number[],
): Outcome {
  if (address.toLowerCase().startsWith(`${hrp}1`)) return checkSegwit(address, hrp);
  return checkBase58(address, base58Versions);
}

function eip55(hexLower: string): string {
  const hash = keccak_256(new TextEncoder().encode(hexLower));
  let out = '';
  for (let i = 0; i < hexLower.length; i += 1) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const c = hexLower.charAt(i);
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** The EIP-55 checksummed form of a 0x address (any case in, mixed case out). */
export function toChecksumAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new RangeError('Not an 0x address');
  return `0x${eip55(address.slice(2).toLowerCase())}`;
}

function checkEvm(address: string): Outcome | 'zero' {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'format';
  const hex = address.slice(2);
  if (/^0+$/.test(hex)) return 'zero';
  // All lower or all upper case carries no checksum (EIP-55); mixed case must match it.
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return 'ok';
  return eip55(hex.toLowerCase()) === hex ? 'ok' : 'checksum';
}

const TYPO =
  'its checksum does not match, so it probably has a typo. Copy it again from the recipient.';

const FAMILY_TEXT: Record<Family, { name: string; shape: string }> = {
  btc: { name: 'Bitcoin', shape: 'Bitcoin addresses start with 1, 3 or bc1' },
  ltc: { name: 'Litecoin', shape: 'Litecoin addresses start with L, M, 3 or ltc1' },
  evm: {
    name: 'Ethereum',
    shape: 'Ethereum addresses are 0x followed by 40 hexadecimal characters',
  },
  tron: { name: 'TRON', shape: 'TRON addresses start with T and have 34 characters' },
};

function checkFamily(address: string, family: Family): Outcome | 'zero' {
  switch (family) {
    case 'btc':
      return checkBitcoinLike(address, 'bc', [0x00, 0x05]);
    case 'ltc':
      return checkBitcoinLike(address, 'ltc', [0x30, 0x32, 0x05]);
    case 'evm':
      return checkEvm(address);
    case 'tron':
      return checkBase58(address, [0x41]);
  }
}

/** Which family an address claims to be, from its prefix, among those a currency accepts. */
function claimedFamily(address: string, families: readonly Family[]): Family | undefined {
  if (families.length === 1) return families[0];
  if (families.includes('evm') && /^0x/i.test(address)) return 'evm';
  if (families.includes('tron') && address.startsWith('T')) return 'tron';
  return undefined;
}

/**
 * Letters, digits, `-` and `_`, 25 to 128 characters: every mainstream chain's address fits
 * (XRP's shortest has 25; TON's uses base64url), a pasted sentence or an e-mail does not.
 */
const GENERIC_RULE = /^[A-Za-z0-9_-]{25,128}$/;

/**
 * Whether `address` can receive `currency`. The message says what is wrong in words a finance
 * user can act on. Fiat currencies and crypto codes without a known format get the generic rule.
 */
export function validateWalletAddress(address: string, currency: string): WalletCheck {
  if (address.trim() === '') return { ok: false, message: 'Enter the wallet address.' };
  if (/\s/.test(address)) {
    return { ok: false, message: 'A wallet address has no spaces: remove them.' };
  }
  const families = FAMILIES[currency];
  if (!families) {
    return GENERIC_RULE.test(address)
      ? { ok: true }
      : {
          ok: false,
          message:
            'Enter a valid wallet address: 25 to 128 letters and digits, exactly as the recipient gave it.',
        };
  }
  const family = claimedFamily(address, families);
  if (!family) {
    const shapes = families.map((f) => FAMILY_TEXT[f].name).join(' or ');
    return {
      ok: false,
      message: `This is not a ${currency} address: use an address on ${shapes} (${families
        .map((f) => FAMILY_TEXT[f].shape)
        .join('; ')}).`,
    };
  }
  const text = FAMILY_TEXT[family];
  switch (checkFamily(address, family)) {
    case 'ok':
      return { ok: true };
    case 'zero':
      return { ok: false, message: 'This is the zero address: anything sent to it is lost.' };
    case 'checksum':
      return { ok: false, message: `This ${text.name} address is not valid: ${TYPO}` };
    case 'format':
      return {
        ok: false,
        message: `This is not a valid ${text.name} address for ${currency}: ${text.shape}.`,
      };
  }
}

/**
 * What addresses for `currency` look like, as a parenthesised hint for messages
 * (`" (Bitcoin addresses start with 1, 3 or bc1)"`); empty for currencies without a known format.
 */
export function walletAddressShape(currency: string): string {
  const families = FAMILIES[currency];
  if (!families) return '';
  return ` (${families.map((f) => FAMILY_TEXT[f].shape).join('; ')})`;
}
