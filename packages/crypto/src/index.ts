export type { CryptoErrorCode } from './crypto-error';
export { CryptoError } from './crypto-error';
export { generateDataKey, rewrapDataKey, unwrapDataKey, wrapDataKey } from './data-key';
export { decryptValue, encryptValue } from './encrypt-value';
export type { MasterKey } from './master-key';
export { generateMasterKey, parseMasterKey } from './master-key';
