import { describe, expect, it } from 'vitest';
import { toChecksumAddress, validateWalletAddress, walletAddressShape } from './wallet.js';

const GENESIS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

describe('Bitcoin addresses', () => {
  it.each([
    GENESIS, // P2PKH
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // P2WPKH
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // P2WSH (BIP-173)
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // upper case (BIP-173)
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // taproot (BIP-350)
  ])('accepts %s', (address) => {
    expect(validateWalletAddress(address, 'BTC')).toEqual({ ok: true });
  });

  it('refuses every single-character typo in a Base58Check address', () => {
    for (let i = 0; i < GENESIS.length; i += 1) {
      const replacement = BASE58[(BASE58.indexOf(GENESIS.charAt(i)) + 7) % BASE58.length];
      const typo = `${GENESIS.slice(0, i)}${replacement}${GENESIS.slice(i + 1)}`;
      expect(validateWalletAddress(typo, 'BTC').ok, typo).toBe(false);
    }
  });

  it('says a bad checksum is probably a typo', () => {
    expect(validateWalletAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp', 'BTC')).toEqual({
      ok: false,
      message:
        'This Bitcoin address is not valid: its checksum does not match, so it probably has a typo. Copy it again from the recipient.',
    });
    expect(validateWalletAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'BTC')).toMatchObject({
      message: /typo/,
    });
  });

  it('refuses mixed case bech32, testnet, other coins and other shapes', () => {
    expect(validateWalletAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwF5mdq', 'BTC').ok).toBe(
      false,
    );
    expect(validateWalletAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'BTC').ok).toBe(
      false,
    );
    expect(validateWalletAddress('LLF7bd1B1kHfYQYbxbFTBvYM1LoegXHn7P', 'BTC')).toMatchObject({
      ok: false,
      message:
        'This is not a valid Bitcoin address for BTC: Bitcoin addresses start with 1, 3 or bc1.',
    });
    expect(validateWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'BTC').ok).toBe(
      false,
    );
  });
});

describe('Litecoin addresses', () => {
  it('accepts L and M addresses and refuses Bitcoin P2PKH ones', () => {
    expect(validateWalletAddress('LLF7bd1B1kHfYQYbxbFTBvYM1LoegXHn7P', 'LTC').ok).toBe(true);
    expect(validateWalletAddress('M8ZRNVWnk7aiYYAdZcuVEHJ2qr3Bv73FsU', 'LTC').ok).toBe(true);
    expect(validateWalletAddress(GENESIS, 'LTC').ok).toBe(false);
  });
});

describe('Ethereum addresses (EIP-55)', () => {
  const EIP55 = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(EIP55)('accepts %s for ETH, USDT and USDC', (address) => {
    for (const currency of ['ETH', 'USDT', 'USDC']) {
      expect(validateWalletAddress(address, currency), currency).toEqual({ ok: true });
    }
  });

  it('computes the EIP-55 form', () => {
    for (const address of EIP55) expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it('accepts all-lower and all-upper case (no checksum) and refuses a broken one', () => {
    expect(validateWalletAddress(EIP55[0]!.toLowerCase(), 'ETH').ok).toBe(true);
    expect(validateWalletAddress(`0x${EIP55[0]!.slice(2).toUpperCase()}`, 'ETH').ok).toBe(true);
    expect(
      validateWalletAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ETH'),
    ).toMatchObject({
      ok: false,
      message: /Ethereum address is not valid: its checksum does not match/,
    });
  });

  it('refuses the zero address, wrong lengths and non-hex', () => {
    expect(validateWalletAddress(`0x${'0'.repeat(40)}`, 'ETH')).toEqual({
      ok: false,
      message: 'This is the zero address: anything sent to it is lost.',
    });
    expect(validateWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', 'ETH').ok).toBe(
      false,
    );
    expect(validateWalletAddress('0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ETH').ok).toBe(
      false,
    );
  });
});

describe('TRON and USDT', () => {
  it('accepts TRON addresses for TRX and USDT', () => {
    expect(validateWalletAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TRX').ok).toBe(true);
    expect(validateWalletAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT').ok).toBe(true);
    expect(validateWalletAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'USDT')).toMatchObject({
      message: /TRON address is not valid: its checksum/,
    });
  });

  it('tells what a USDT address must look like when it is neither', () => {
    expect(validateWalletAddress(GENESIS, 'USDT')).toEqual({
      ok: false,
      message:
        'This is not a USDT address: use an address on Ethereum or TRON (Ethereum addresses are 0x followed by 40 hexadecimal characters; TRON addresses start with T and have 34 characters).',
    });
  });
});

describe('other currencies (generic rule)', () => {
  it('accepts plausible addresses and refuses text that is not one', () => {
    expect(validateWalletAddress('rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', 'XRP').ok).toBe(true);
    expect(validateWalletAddress('DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', 'DOGE').ok).toBe(true);
    expect(
      validateWalletAddress('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N', 'TON').ok,
    ).toBe(true);
    expect(validateWalletAddress('short', 'XRP').ok).toBe(false);
    expect(validateWalletAddress('name@example.com', 'SOL').ok).toBe(false);
    expect(validateWalletAddress('a'.repeat(129), 'SOL').ok).toBe(false);
    expect(validateWalletAddress('rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', 'EUR').ok).toBe(true);
  });

  it('asks for an address when blank and for no spaces', () => {
    expect(validateWalletAddress('  ', 'BTC')).toEqual({
      ok: false,
      message: 'Enter the wallet address.',
    });
    expect(validateWalletAddress(` ${GENESIS}`, 'BTC')).toEqual({
      ok: false,
      message: 'A wallet address has no spaces: remove them.',
    });
  });

  it('describes the shape only where it knows one', () => {
    expect(walletAddressShape('BTC')).toBe(' (Bitcoin addresses start with 1, 3 or bc1)');
    expect(walletAddressShape('XRP')).toBe('');
  });
});
