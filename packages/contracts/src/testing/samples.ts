// The samples are runtime code now (the lab prefills test payouts with them); tests keep
// importing them from here.
export {
  belgianIban,
  SAMPLE_CARD_NUMBER,
  SAMPLE_CARD_NUMBERS,
  SAMPLE_IBAN,
  SAMPLE_PHONE,
  SAMPLE_PHONES,
  SAMPLE_WALLET_ADDRESSES,
  sampleExpiry,
  sampleMetadata,
  sampleWalletAddresses,
} from '../sampleMetadata.js';
