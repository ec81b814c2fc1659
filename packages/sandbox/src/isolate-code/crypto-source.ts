/** In-isolate `crypto.randomUUID` and `crypto.getRandomValues`, from the host's CSPRNG. */
export const CRYPTO_SOURCE = `
const cryptoObject = {
  randomUUID() {
    return hostRandom('uuid', 0);
  },
  getRandomValues(array) {
    const integerTypes = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array];
    if (!integerTypes.some((Ctor) => array instanceof Ctor)) throw new TypeError('getRandomValues expects an integer typed array');
    if (array.byteLength > 65536) {
      const error = new Error('getRandomValues: at most 65536 bytes per call');
      error.name = 'QuotaExceededError';
      throw error;
    }
    const bytes = hostRandom('bytes', array.byteLength);
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(new Uint8Array(bytes));
    return array;
  },
};
defineGlobal('crypto', cryptoObject);
`;
