import { normaliseCounterpartName } from './normalise-counterparty';
import { PLACE_NAMES } from './place-names';

describe('PLACE_NAMES', () => {
  it('holds places of one or two words as normalisation writes them, so that a suffix can match', () => {
    for (const place of PLACE_NAMES) {
      expect(place).toMatch(/^[a-z]{2,}( [a-z]{2,})?$/);
      expect({ place, normalised: normaliseCounterpartName(`Merchant ${place}`) }).toEqual({ place, normalised: `merchant ${place}` });
    }
  });
});
