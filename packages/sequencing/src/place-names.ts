/**
 * Place names that card descriptors append to the merchant's name (the acquirer's location field):
 * "SPOTIFY AB STOCKHOLM", "APPLE.COM/BILL CORK", "AMAZON PRIME LUXEMBOURG". Normalised words
 * (see normaliseCounterpartName) of one or two words: the Dutch cities with the most card payments,
 * the European cities where subscription sellers bill from, and country codes not already dropped
 * as filler (not those that are also English words: "it", "at", "no").
 */
export const PLACE_NAMES: ReadonlySet<string> = new Set([
  // Netherlands
  'amsterdam', 'rotterdam', 'den haag', 'gravenhage', 'utrecht', 'eindhoven', 'groningen', 'tilburg', 'almere', 'breda', 'nijmegen',
  'apeldoorn', 'haarlem', 'arnhem', 'enschede', 'amersfoort', 'zaandam', 'zaanstad', 'zwolle', 'leiden', 'maastricht', 'dordrecht',
  'zoetermeer', 'delft', 'hilversum', 'leeuwarden', 'den bosch', 'hertogenbosch', 'alkmaar', 'deventer', 'venlo', 'schiphol',
  'hoofddorp', 'diemen', 'amstelveen', 'rijswijk', 'nieuwegein', 'heerlen', 'emmen', 'helmond', 'oss', 'roosendaal', 'gouda',
  // where subscription sellers bill from
  'stockholm', 'dublin', 'cork', 'luxembourg', 'london', 'berlin', 'munchen', 'munich', 'paris', 'madrid', 'barcelona', 'brussel',
  'brussels', 'bruxelles', 'antwerpen', 'oslo', 'kobenhavn', 'copenhagen', 'helsinki', 'zurich', 'geneve', 'milano', 'wien',
  'vienna', 'lisboa', 'praha', 'warszawa', 'seattle', 'cupertino',
  // country codes ('nl', 'be', 'de', 'uk', 'eu' are dropped everywhere already)
  'se', 'ie', 'lu', 'fr', 'gb', 'us', 'ch', 'dk', 'fi', 'pl', 'pt', 'nld', 'swe', 'irl', 'lux', 'usa', 'gbr',
]);
